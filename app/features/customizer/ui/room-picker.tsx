import { Camera } from "lucide-react";
import { lazy, memo, Suspense, useState } from "react";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import type { CustomSizeId, Design } from "~/features/customizer/customizer";
import { ROOM_SCENES, type RoomId } from "~/features/customizer/ui/room-scenes";
import { cn } from "~/ui/utils";

const CHOICES: { id: RoomId; name: string; hint: string }[] = [
  { id: "wall", name: "Brick wall", hint: "The sign up close" },
  ...ROOM_SCENES.map((r) => ({ id: r.id, name: r.name, hint: `To scale, ${r.widthCm / 100} m of wall` })),
];

// The own-wall tool is a separate chunk, fetched only when the shopper opens it.
const OwnWall = lazy(() => import("./own-wall"));

/**
 * "See It in a Room": the brick wall or a room scene where the sign is drawn at its true size, and
 * the shopper's own wall photo.
 */
export const RoomPicker = memo(function RoomPicker({
  room,
  onChange,
  design,
  lightsOn,
  onSize,
}: {
  room: RoomId;
  onChange: (room: RoomId) => void;
  design: Design;
  lightsOn: boolean;
  onSize: (size: CustomSizeId) => void;
}) {
  const [ownWall, setOwnWall] = useState(false);
  return (
    <Card className="order-3">
      <CardHeader className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold leading-none tracking-tight">See It in a Room</h2>
      </CardHeader>
      <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <div role="radiogroup" aria-label="Background" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {CHOICES.map((c) => (
            <button
              key={c.id}
              type="button"
              role="radio"
              aria-checked={room === c.id}
              onClick={() => onChange(c.id)}
              className={cn(
                "rounded-lg border border-input p-2 text-center text-sm transition-colors hover:bg-accent",
                room === c.id && "border-primary bg-primary/10",
              )}
            >
              <span className="block font-medium">{c.name}</span>
              <span className="block text-xs text-muted-foreground">{c.hint}</span>
            </button>
          ))}
        </div>
        {ownWall ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading…</p>}>
            <OwnWall design={design} lightsOn={lightsOn} onSize={onSize} />
          </Suspense>
        ) : (
          <Button variant="outline" onClick={() => setOwnWall(true)}>
            <Camera aria-hidden /> On your own wall, to scale
          </Button>
        )}
      </CardContent>
    </Card>
  );
});
