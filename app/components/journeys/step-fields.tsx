import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { EventFields, type EventFieldValues } from "./event-fields.tsx";
import { WAIT_UNITS } from "./step-form-schema.ts";
import { ContentFields } from "#app/components/broadcasts/content-fields.tsx";
import { Field, SelectField } from "#app/components/forms/field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { CAMPAIGN_TYPES, type CampaignType } from "#shared/campaigns/schemas.ts";

type Meta<T> = FieldMetadata<T>;
type Text = string | null | undefined;

/** Every step form's values as text, by name; each type's form uses its own. */
export type StepFormValues = {
  type: string;
  channel: string;
  subject: Text;
  content: Text;
  contentFormat: string;
  whatsapp: { template?: string; language?: string; parameters?: string } | undefined;
  overCap: string;
  amount: string;
  unit: string;
  time: string;
  timeZoneAttribute: Text;
  awaited: EventFieldValues | undefined;
  matchProperty: Text;
  timeoutAmount: string;
  timeoutUnit: string;
};

/** The fields of every step form, by name. */
export type StepFieldMetas = {
  channel: Meta<string>;
  subject: Meta<Text>;
  content: Meta<Text>;
  contentFormat: Meta<string>;
  whatsapp: Meta<{ template?: string; language?: string; parameters?: string } | undefined>;
  overCap: Meta<string>;
  amount: Meta<string>;
  unit: Meta<string>;
  time: Meta<string>;
  timeZoneAttribute: Meta<Text>;
  awaited: Meta<EventFieldValues | undefined>;
  matchProperty: Meta<Text>;
  timeoutAmount: Meta<string>;
  timeoutUnit: Meta<string>;
};

const CHANNEL_LABELS: Record<CampaignType, string> = { EMAIL: "Email", SMS: "SMS", WHATSAPP: "WhatsApp" };
const UNIT_LABELS: Record<keyof typeof WAIT_UNITS, string> = {
  seconds: "Seconds",
  minutes: "Minutes",
  hours: "Hours",
  days: "Days",
};

function asChannel(value: unknown): CampaignType {
  return CAMPAIGN_TYPES.includes(value as CampaignType) ? (value as CampaignType) : "EMAIL";
}

/** A send step: the channel and what it says, with the campaign editor's fields; what to do over the cap. */
export function SendFields({ fields }: { fields: StepFieldMetas }) {
  const hydrated = useHydrated();
  const [channel, setChannel] = useState(asChannel(fields.channel.initialValue));
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Channel"
          selectProps={{
            ...getSelectProps(fields.channel),
            className: "w-full",
            onChange: (event) => setChannel(asChannel(event.currentTarget.value)),
          }}
          errors={fields.channel.errors}
        >
          {CAMPAIGN_TYPES.map((option) => (
            <option key={option} value={option}>
              {CHANNEL_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Over the frequency cap or in quiet hours"
          selectProps={{ ...getSelectProps(fields.overCap), className: "w-full" }}
          errors={fields.overCap.errors}
        >
          <option value="wait">Wait for the next allowed time</option>
          <option value="skip">Skip this message</option>
        </SelectField>
      </div>
      <ContentFields type={hydrated ? channel : null} fields={fields} />
      <p className="text-xs text-muted-foreground">
        Liquid also sees the triggering event: {"{{ event.properties.cart_id }}"}.
      </p>
    </>
  );
}

function DurationFields({ amount, unit, label }: { amount: Meta<string>; unit: Meta<string>; label: string }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field
        label={label}
        inputProps={{ ...getInputProps(amount, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
        errors={amount.errors}
      />
      <SelectField
        label={`${label}, unit`}
        selectProps={{ ...getSelectProps(unit), className: "w-full" }}
        errors={unit.errors}
      >
        {Object.entries(UNIT_LABELS).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

export function WaitFields({ fields }: { fields: StepFieldMetas }) {
  return <DurationFields amount={fields.amount} unit={fields.unit} label="Wait for" />;
}

export function WaitUntilFields({ fields }: { fields: StepFieldMetas }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field
        label="Time of day (HH:MM)"
        inputProps={{ ...getInputProps(fields.time, { type: "text" }), placeholder: "09:00", autoComplete: "off" }}
        errors={fields.time.errors}
      />
      <Field
        label="Time zone attribute"
        description="The contact attribute holding their time zone; the team's time zone when empty or unknown."
        inputProps={{
          ...getInputProps(fields.timeZoneAttribute, { type: "text" }),
          placeholder: "timezone",
          autoComplete: "off",
        }}
        errors={fields.timeZoneAttribute.errors}
      />
    </div>
  );
}

export function WaitForEventFields({ fields }: { fields: StepFieldMetas }) {
  return (
    <>
      <EventFields meta={fields.awaited} label="Awaited event" placeholder="Order Completed" />
      <Field
        label="Match property"
        description="The awaited event must carry the same value of this property as the event that started the journey (the same cart id). Optional."
        inputProps={{
          ...getInputProps(fields.matchProperty, { type: "text" }),
          placeholder: "cart_id",
          autoComplete: "off",
        }}
        errors={fields.matchProperty.errors}
      />
      <DurationFields amount={fields.timeoutAmount} unit={fields.timeoutUnit} label="Give up after" />
    </>
  );
}
