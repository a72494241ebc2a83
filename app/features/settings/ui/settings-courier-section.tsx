import { ChoiceSelect, NativeSelect } from "~/features/admin-shell/ui/native-select";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { GST_STATES } from "~/shared/gst-states";
import {
  COURIER_PREFERENCE_LABELS,
  COURIER_PREFERENCES,
  PRODUCT_SIZE_IDS,
  SIZE_NAMES,
  type ParcelKind,
} from "~/features/settings/courier-settings";
import { type Errors, idOf, Section, TextField, type Values } from "./settings-fields";
import { StateDeliveryRows } from "./settings-state-delivery";

/** The id of the "Register with Shiprocket" form (outside the settings form; its button sits here). */
export const REGISTER_PICKUP_FORM = "register-pickup-location";

type P = { values: Values; errors: Errors };

/** One kind's boxes (ready-made or custom): a row per size with length, breadth, height and weight. */
function BoxRows({ kind, title, ...p }: P & { kind: ParcelKind; title: string }) {
  const measure = { inputMode: "decimal", autoComplete: "off" } as const;
  return (
    <div className="flex flex-col gap-3 md:col-span-2">
      <h3 className="font-medium">{title}</h3>
      {PRODUCT_SIZE_IDS.map((size) => {
        const at = (f: string) => `courier.boxes.${kind}.${size}.${f}`;
        return (
          <fieldset
            key={size}
            aria-label={`${title}: ${SIZE_NAMES[size]}`}
            className="grid grid-cols-2 gap-3 rounded-md border p-3 sm:grid-cols-5"
          >
            <legend className="sr-only">
              {title}: {SIZE_NAMES[size]}
            </legend>
            <p aria-hidden="true" className="col-span-2 self-center font-medium sm:col-span-1 sm:pt-6">
              {SIZE_NAMES[size]}
            </p>
            <TextField {...p} {...measure} name={at("lengthCm")} label="Length (cm)" maxLength={5} />
            <TextField {...p} {...measure} name={at("breadthCm")} label="Breadth (cm)" maxLength={5} />
            <TextField {...p} {...measure} name={at("heightCm")} label="Height (cm)" maxLength={5} />
            <TextField {...p} {...measure} name={at("weightKg")} label="Weight (kg)" maxLength={6} />
          </fieldset>
        );
      })}
    </div>
  );
}

/**
 * Shipping through the courier (issue 28): where it collects parcels and the nickname Shiprocket knows that
 * address by, the box and weight of each sign size, and which courier is booked by default.
 */
export function CourierSection({ shiprocket, ...p }: P & { shiprocket: boolean }) {
  const select = (name: string) => ({ id: idOf(name), name, error: p.errors[name] });
  return (
    <Section
      title="Courier"
      description={
        shiprocket
          ? "How parcels are booked with Shiprocket: from this pickup address, in these boxes, with this courier unless staff choose another when shipping."
          : "Used when Shiprocket keys are set (Settings > Keys). Until then staff ship by hand; the pickup PIN code already sets the delivery dates."
      }
    >
      <TextField {...p} name="courier.pickup.name" label="Pickup Contact Name" maxLength={60} />
      <TextField
        {...p}
        name="courier.pickup.phone"
        label="Pickup Phone"
        type="tel"
        maxLength={20}
        description="A 10-digit mobile number; the courier calls it at pickup."
      />
      <TextField {...p} name="courier.pickup.address1" label="Pickup Address Line 1" maxLength={80} />
      <TextField
        {...p}
        name="courier.pickup.address2"
        label="Pickup Address Line 2 (optional)"
        maxLength={80}
      />
      <TextField {...p} name="courier.pickup.city" label="Pickup City" maxLength={60} />
      <Field {...select("courier.pickup.state")} label="Pickup State">
        {(control) => (
          <NativeSelect {...control} defaultValue={p.values["courier.pickup.state"] ?? ""}>
            {GST_STATES.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <TextField
        {...p}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        name="shipping.pickupPincode"
        label="Pickup PIN Code"
        description="Where the courier collects parcels; delivery dates per PIN are counted from here."
      />
      <div className="flex flex-col gap-2">
        <TextField
          {...p}
          name="courier.pickupLocation"
          label="Shiprocket Pickup Location"
          maxLength={36}
          autoComplete="off"
          description="The nickname this address has at Shiprocket (its first one is called Primary). Every booking names it."
        />
        {shiprocket ? (
          <Button
            type="submit"
            form={REGISTER_PICKUP_FORM}
            variant="outline"
            size="sm"
            className="self-start"
          >
            Register with Shiprocket
          </Button>
        ) : null}
      </div>
      <Field
        {...select("courier.prefer")}
        label="Default Courier"
        description="Among couriers serving the PIN code (ties: the faster, or the cheaper), unless a preferred one serves it or staff choose another."
      >
        {(control) => (
          <ChoiceSelect
            {...control}
            choices={COURIER_PREFERENCES}
            labels={COURIER_PREFERENCE_LABELS}
            defaultValue={p.values["courier.prefer"] || "cheapest"}
          />
        )}
      </Field>
      <TextField
        {...p}
        name="courier.preferredCouriers"
        label="Preferred Couriers (optional)"
        maxLength={400}
        autoComplete="off"
        description="Names or Shiprocket courier ids, first choice first, e.g. Delhivery, Blue Dart. The first that serves the PIN (and collects cash for COD) wins."
      />
      <p className="text-sm text-muted-foreground md:col-span-2">
        Box sizes: an order is sent in the box of its largest sign, weighing all its signs together.
      </p>
      <BoxRows {...p} kind="ready" title="Ready-made signs" />
      <BoxRows {...p} kind="custom" title="Custom signs" />
      <StateDeliveryRows {...p} />
    </Section>
  );
}
