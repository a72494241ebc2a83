import { toast } from "sonner";

export function saved() {
  toast.success("Saved");
}
