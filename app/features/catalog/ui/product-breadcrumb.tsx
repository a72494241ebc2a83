import { ArrowLeft } from "~/ui/icons";
import { Link, useNavigate } from "react-router";
import { Button } from "~/ui/button";

/** Back, then Products / the product's name. */
export function ProductBreadcrumb({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <nav aria-label="Breadcrumb" className="flex items-center gap-3 text-sm text-muted-foreground">
      <Button variant="ghost" size="sm" onClick={() => navigate(-1)} className="gap-1 px-2">
        <ArrowLeft aria-hidden /> Back
      </Button>
      <span aria-hidden>/</span>
      <Link to="/products" className="hover:text-foreground">
        Products
      </Link>
      <span aria-hidden>/</span>
      <span aria-current="page" className="line-clamp-1 text-foreground">
        {name}
      </span>
    </nav>
  );
}
