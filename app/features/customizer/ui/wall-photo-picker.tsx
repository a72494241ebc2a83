import { Camera, ImageUp } from "lucide-react";
import { Button } from "~/ui/button";

/** Choose a wall photo (or, on a phone, take one), and the promise that it stays on the device. */
export function WallPhotoPicker({ onFile }: { onFile: (e: React.ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <label>
            <ImageUp aria-hidden /> Choose a photo
            <input type="file" accept="image/*" className="sr-only" onChange={onFile} />
          </label>
        </Button>
        <Button asChild variant="outline" size="sm" className="sm:hidden">
          <label>
            <Camera aria-hidden /> Take a photo
            <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={onFile} />
          </label>
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Your photo stays on your device: it is never uploaded unless you attach it to your order.
      </p>
    </>
  );
}
