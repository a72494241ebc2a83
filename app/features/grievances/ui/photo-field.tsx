import { FilePickField } from "~/ui/file-pick-field";
import { ImagePlus } from "~/ui/icons";

/** The complaint's optional photo. */
export function PhotoField({ error }: { error?: string }) {
  return (
    <FilePickField
      name="photo"
      label="Photo of the problem (optional)"
      icon={ImagePlus}
      choose="Add a photo"
      chooseAgain="Choose another photo"
      hint="PNG, JPG or WebP, up to 5 MB"
      accept="image/png,image/jpeg,image/webp"
      error={error}
    />
  );
}
