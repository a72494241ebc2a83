// Linted as app/features/catalog/ui/fixture.ts: across folders, imports use the ~/ alias.
import { formatRupees } from "../../app/shared/money";

export const price = formatRupees(1);
