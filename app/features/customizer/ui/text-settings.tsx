import { ColorPicker, FontPicker, type DesignChange } from "~/features/customizer/ui/customizer-options";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { Textarea } from "~/ui/input";
import { Label } from "~/ui/label";
import {
  countCharacters,
  FREE_CHARACTERS,
  limitLines,
  MAX_CUSTOM_TEXT_LENGTH,
  MAX_TEXT_LINES,
  PRICE_PER_EXTRA_CHARACTER,
  type Design,
} from "~/features/customizer/customizer";
import { formatRupees } from "~/shared/money";
function onTextKeyDown(e: React.KeyboardEvent<HTMLTextAreaElement>) {
  // Up to three lines: Enter on the last allowed line does nothing.
  if (e.key === "Enter" && e.currentTarget.value.split("\n").length >= MAX_TEXT_LINES) e.preventDefault();
}

/** The customiser's Text Settings card: the text, its font and colour. */
export function TextSettings({ design, update }: { design: Design; update: DesignChange }) {
  const characters = countCharacters(design.text);
  return (
    <Card className="order-2">
      <CardHeader className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold leading-none tracking-tight">Text Settings</h2>
      </CardHeader>
      <CardContent className="space-y-6 p-4 pt-0 sm:p-6 sm:pt-0">
        <div className="space-y-2">
          <Label htmlFor="neon-text">Your Text</Label>
          <Textarea
            id="neon-text"
            rows={3}
            value={design.text}
            maxLength={MAX_CUSTOM_TEXT_LENGTH}
            placeholder="YOUR TEXT"
            aria-describedby="neon-text-help"
            onKeyDown={onTextKeyDown}
            onChange={(e) => update("text", limitLines(e.target.value))}
            className="resize-none text-base"
            spellCheck={false}
          />
          <p id="neon-text-help" className="text-xs text-muted-foreground">
            {characters} {characters === 1 ? "character" : "characters"} · up to {MAX_TEXT_LINES} lines ·
            first {FREE_CHARACTERS} characters included, then {formatRupees(PRICE_PER_EXTRA_CHARACTER)} each
            (line breaks are free)
          </p>
        </div>

        <FontPicker font={design.font} onChange={update} />
        <ColorPicker color={design.color} onChange={update} />
      </CardContent>
    </Card>
  );
}
