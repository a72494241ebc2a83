// Linted as app/features/catalog/fixture.server.ts: server modules never import components or routes.
import { Button } from "~/ui/button";
import { loader } from "~/features/catalog/routes/home";

export const parts = [Button, loader];
