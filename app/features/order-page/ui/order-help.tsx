import { Link } from "react-router";

/** Where to ask about the order, complain about it, or see the shopper's own details. */
export function OrderHelp({
  displayId,
  phone,
  email,
}: {
  displayId: string;
  phone: string | undefined;
  email: string | undefined;
}) {
  return (
    <p className="text-sm text-muted-foreground">
      Questions about this order? Call {phone} or write to {email}, and mention #{displayId}. Something wrong?{" "}
      <Link
        to={`/complaints/new?order=${encodeURIComponent(displayId)}`}
        className="font-medium text-primary underline underline-offset-2"
      >
        Raise a complaint
      </Link>
      . Your details:{" "}
      <Link to="/my-data" className="font-medium text-primary underline underline-offset-2">
        My data
      </Link>{" "}
      (see, correct or erase them).
    </p>
  );
}
