export default function Page() {
  return <h1 className="text-2xl font-semibold">events</h1>;
}
