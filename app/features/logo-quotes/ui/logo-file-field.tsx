import { FilePickField } from "~/ui/file-pick-field";
import { Palette } from "~/ui/icons";

/** A native radio drawn like the shop's RadioGroupItem (app/ui/radio-group.tsx), so the form works before JS. */
export const RADIO_CLASS =
  "grid size-5 shrink-0 cursor-pointer appearance-none place-content-center rounded-full border border-primary before:size-2.5 before:rounded-full before:bg-primary before:opacity-0 before:content-[''] checked:before:opacity-100 focus-visible:outline-none";

/** The logo picker (required): the shopper's own words, or staff's ("Choose the customer's logo"). */
export function LogoFileField({
  error,
  choose = "Choose your logo",
}: {
  error?: string | undefined;
  choose?: string;
}) {
  return (
    <FilePickField
      name="logo"
      label="Logo (PNG or JPG, up to 5 MB)"
      icon={Palette}
      choose={choose}
      chooseAgain="Choose another file"
      hint="PNG or JPG, up to 5 MB"
      accept="image/png,image/jpeg"
      required
      large
      error={error}
    />
  );
}
