import { describe, expect, it } from "vitest";
import { loginSchema } from "~/features/admin-shell/admin-auth";
import {
  bannerFormSchema,
  categoryFormSchema,
  MESSAGES,
  productFormSchema,
} from "~/features/catalog/admin-catalog";
import { checkLoginFields } from "~/features/admin-shell/login-fields";
import {
  fieldErrorsOf,
  formValues,
  revalidateField,
  validateAll,
  withField,
  withoutField,
} from "./form-errors";
import { z } from "./zod";

const validProduct = {
  categoryId: "6f1c1d2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f",
  name: "Good Vibes",
  mediumPrice: "2999",
  mediumMrp: "3999",
  stockQuantity: "5",
};

describe("fieldErrorsOf", () => {
  it("keeps the first message per field, joins nested paths, puts path-less issues under _form", () => {
    const schema = z.object({
      name: z.string().min(2, "too short").max(3, "too long"),
      address: z.object({ city: z.string().min(1, "city?") }),
    });
    const r = schema.safeParse({ name: "", address: { city: "" } });
    expect(r.success).toBe(false);
    expect(fieldErrorsOf(r.error!)).toEqual({ name: "too short", "address.city": "city?" });
    const whole = z
      .object({ a: z.string() })
      .refine(() => false, "whole form")
      .safeParse({ a: "x" });
    expect(fieldErrorsOf(whole.error!)).toEqual({ _form: "whole form" });
  });

  it("gives the spec's messages for the admin schemas (server and browser share them)", () => {
    expect(validateAll(categoryFormSchema, { name: "" })).toEqual({ name: MESSAGES.categoryName });
    expect(validateAll(bannerFormSchema, { title: "Sale", linkUrl: "javascript:alert(1)" })).toEqual({
      linkUrl: MESSAGES.bannerLink,
    });
    expect(validateAll(productFormSchema, validProduct)).toEqual({});
  });
});

describe("revalidateField", () => {
  it("clears a field's error as soon as its value is valid, leaving other errors alone", () => {
    const errors = validateAll(productFormSchema, { ...validProduct, name: "", mediumPrice: "" });
    expect(Object.keys(errors).sort()).toEqual(["mediumPrice", "name"]);
    const next = revalidateField(productFormSchema, { ...validProduct, mediumPrice: "" }, "name", errors);
    expect(next).toEqual({ mediumPrice: errors.mediumPrice });
  });

  it("updates the message while the field stays invalid", () => {
    const errors = { stockQuantity: "Stock quantity is required" };
    const next = revalidateField(
      productFormSchema,
      { ...validProduct, stockQuantity: "1.5" },
      "stockQuantity",
      errors,
    );
    expect(next).toEqual({ stockQuantity: "Stock quantity must be a whole number, 0 or more" });
  });

  it("stays quiet for a field without a shown error unless asked to reveal", () => {
    const errors = {};
    const values = { ...validProduct, name: "" };
    expect(revalidateField(productFormSchema, values, "name", errors)).toBe(errors);
    expect(revalidateField(productFormSchema, values, "name", errors, { reveal: true })).toEqual({
      name: MESSAGES.productName,
    });
  });

  it("clears a server-only error (a field the schema accepts) once the field is edited", () => {
    const errors = { name: "A category with this name already exists" };
    expect(revalidateField(categoryFormSchema, { name: "Bedroom 2" }, "name", errors)).toEqual({});
  });

  it("returns the same object when nothing changed (no re-render)", () => {
    const errors = { name: MESSAGES.categoryName };
    expect(revalidateField(categoryFormSchema, { name: "  " }, "name", errors)).toBe(errors);
  });
});

describe("small helpers", () => {
  it("formValues takes the first text value per name and skips files", () => {
    const form = new FormData();
    form.append("a", "1");
    form.append("a", "2");
    form.append("file", new Blob(["x"]), "x.png");
    expect(formValues(form)).toEqual({ a: "1" });
  });

  it("withField / withoutField set and clear one field", () => {
    expect(withField({}, "images", "Too many")).toEqual({ images: "Too many" });
    expect(withField({ images: "Too many", name: "x" }, "images", undefined)).toEqual({ name: "x" });
    const same = { a: "1" };
    expect(withoutField(same, "b")).toBe(same);
  });
});

describe("a plain-function validator (login page without zod)", () => {
  it("gives the same messages as the schema the server parses", () => {
    for (const values of [
      { email: "", password: "" },
      { email: "  ", password: "x" },
      { email: "not-an-email", password: "" },
      { email: "admin@example.com", password: "secret" },
      { email: "admin@example.com", password: "" },
    ]) {
      expect(validateAll(checkLoginFields, values)).toEqual(validateAll(loginSchema, values));
    }
  });

  it("clears a corrected field the same way", () => {
    const errors = { email: "Enter a valid email address", password: "Password is required" };
    expect(revalidateField(checkLoginFields, { email: "a@b.in", password: "" }, "email", errors)).toEqual({
      password: "Password is required",
    });
  });
});
