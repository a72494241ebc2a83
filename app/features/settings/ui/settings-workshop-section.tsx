import { ChoiceSelect } from "~/features/admin-shell/ui/native-select";
import { Field } from "~/ui/field";
import { ACRYLIC_THICKNESSES, LED_COST_KEYS, WORKSHOP_SIZES } from "~/features/settings/workshop-settings";
import { type Errors, idOf, money, Section, TextField, type Values } from "./settings-fields";

type P = { values: Values; errors: Errors };

const decimal = { inputMode: "decimal", autoComplete: "off", maxLength: 8 } as const;
const rupees = { ...money, maxLength: 8 } as const;
const THICKNESSES = ["3", "5", "8"] as const;
const THICKNESS_LABELS = { "3": "3 mm", "5": "5 mm", "8": "8 mm" };

/** How a sign is drawn for making (the production pack, the measured figures). */
function DrawingCard(p: P) {
  return (
    <Section
      title="Drawing for Making"
      description="Used by the geometry engine that measures every custom sign and draws its cut files."
    >
      <TextField
        {...p}
        {...decimal}
        name="workshop.ledWattsPerMetre"
        label="LED flex power (W per metre)"
        description="The flex's draw: a sign's watts are this × its metres of flex."
      />
      <TextField
        {...p}
        name="workshop.adaptorRatings"
        label="Adaptor ratings on the shelf (W)"
        maxLength={200}
        autoComplete="off"
        description="Comma-separated. A sign gets the smallest rating at or above 1.2 × its watts."
      />
      <TextField {...p} {...decimal} name="workshop.backingMarginMm" label="Backing margin (mm)" />
      <TextField {...p} {...decimal} name="workshop.cornerRadiusMm" label="Rectangle corner radius (mm)" />
      <TextField {...p} {...decimal} name="workshop.holeDiameterMm" label="Mounting hole diameter (mm)" />
      <TextField {...p} {...decimal} name="workshop.holeInsetMm" label="Mounting hole inset (mm)" />
      <Field
        id={idOf("workshop.acrylicThicknessMm")}
        name="workshop.acrylicThicknessMm"
        label="Acrylic thickness"
        error={p.errors["workshop.acrylicThicknessMm"]}
        description="The backing's sheet: its weight, and which acrylic price a custom sign costs."
      >
        {(control) => (
          <ChoiceSelect
            {...control}
            choices={THICKNESSES}
            labels={THICKNESS_LABELS}
            defaultValue={p.values["workshop.acrylicThicknessMm"] || "5"}
          />
        )}
      </Field>
    </Section>
  );
}

/** What making costs: the figures behind every order's and product's cost and margin. */
function CostsCard(p: P) {
  return (
    <Section
      title="Costs of Making"
      description="Whole rupees. A sign's cost is its LED flex (by colour) and labour per metre, its acrylic backing by area, its adaptor, the dimmer when chosen and its packing; margins are the price without GST less this cost."
    >
      {LED_COST_KEYS.map((k) => (
        <TextField
          key={k.id}
          {...p}
          {...rupees}
          name={`workshop.ledCostPerMetre.${k.id}`}
          label={`LED flex, ${k.name} (₹ per metre)`}
        />
      ))}
      {ACRYLIC_THICKNESSES.map((k) => (
        <TextField
          key={k.id}
          {...p}
          {...rupees}
          name={`workshop.acrylicCostPerM2.${k.id}`}
          label={`Acrylic sheet, ${k.name} (₹ per m²)`}
        />
      ))}
      <TextField
        {...p}
        name="workshop.adaptorCosts"
        label="Adaptor costs (W:₹)"
        maxLength={400}
        autoComplete="off"
        className="md:col-span-2"
        description="Each rating's cost, e.g. 24:300, 36:380. A rating not listed costs as the next larger one listed."
      />
      <TextField {...p} {...rupees} name="workshop.dimmerCost" label="Dimmer (₹)" />
      <TextField
        {...p}
        {...rupees}
        name="workshop.labourPerMetre"
        label="Labour (₹ per metre of flex)"
        description="Bending, soldering and testing, per metre of flex."
      />
      {WORKSHOP_SIZES.map((k) => (
        <TextField
          key={k.id}
          {...p}
          {...rupees}
          name={`workshop.packingBySize.${k.id}`}
          label={`Packing, ${k.name} sign (₹)`}
        />
      ))}
    </Section>
  );
}

/** Ready-made products (not measured) and the workshop's daily capacity. */
function ReadyMadeCard(p: P) {
  return (
    <Section
      title="Ready-Made Signs and Capacity"
      description="A ready-made product's cost uses these metres of flex for its size, and its stored width × height for the acrylic."
    >
      {WORKSHOP_SIZES.map((k) => (
        <TextField
          key={k.id}
          {...p}
          {...decimal}
          name={`workshop.readyMadeLedMetres.${k.id}`}
          label={`LED flex of a ready-made ${k.name} sign (m)`}
        />
      ))}
      <TextField
        {...p}
        {...decimal}
        name="workshop.capacityMetresPerDay"
        label="Metres of flex bent a day"
        description="The production board's capacity: more waiting than this pushes delivery dates later."
      />
    </Section>
  );
}

/** The workshop's settings (issue 44): drawing for making, the costs of making, ready-made flex and capacity. */
export function WorkshopSection(p: P) {
  return (
    <>
      <DrawingCard {...p} />
      <CostsCard {...p} />
      <ReadyMadeCard {...p} />
    </>
  );
}
