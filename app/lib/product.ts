// The product facts the spec fixes for the footers: the year and version Murmur shows.
export const PRODUCT_NAME = "Murmur";
export const PRODUCT_VERSION = "v1.0.0";
export const COPYRIGHT_YEAR = 2024;
