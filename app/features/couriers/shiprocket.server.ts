import type { CourierOption, Serviceability } from "~/features/couriers/courier-rules";

/*
 * A small typed client for Shiprocket's REST API (v1/external; apidocs.shiprocket.in, and the public
 * OpenAPI description in the api-evangelist/shiprocket repository). The base URL is configurable
 * (SHIPROCKET_BASE_URL) so tests run it against tests/support/fake-shiprocket.ts. Authentication is a login
 * with the API user's e-mail and password for a JWT (valid 10 days): cached, renewed a day early, and once
 * more when a call answers 401. The password and the token never reach a log or an error message.
 */

export class ShiprocketError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ShiprocketError";
  }
}

type Options = {
  baseUrl: string;
  email: string;
  password: string;
  /** Milliseconds a call may take before it is abandoned. */
  timeoutMs?: number;
  now?: () => number;
};

/** Renew the token this long before Shiprocket's 10 days run out. */
const TOKEN_LIFE_MS = 9 * 24 * 60 * 60 * 1000;

type RawCourier = {
  courier_company_id?: number;
  courier_name?: string;
  rate?: number | string;
  estimated_delivery_days?: number | string;
  cod?: number | boolean;
  blocked?: number;
};

/** Shiprocket's available_courier_companies as the shop's courier options (blocked and unreadable ones left out). */
export function readCouriers(raw: unknown): CourierOption[] {
  const list = (raw as { data?: { available_courier_companies?: RawCourier[] } } | null)?.data
    ?.available_courier_companies;
  if (!Array.isArray(list)) return [];
  return list.flatMap((c) => {
    const rate = Number(c.rate);
    const days = Number(c.estimated_delivery_days);
    if (!Number.isInteger(c.courier_company_id) || !Number.isFinite(rate) || !Number.isFinite(days))
      return [];
    if (c.blocked === 1) return [];
    return [
      {
        courierId: c.courier_company_id!,
        name: String(c.courier_name ?? `Courier ${c.courier_company_id}`).slice(0, 100),
        rate: Math.ceil(rate),
        transitDays: Math.max(0, Math.round(days)),
        cod: c.cod === 1 || c.cod === true,
      },
    ];
  });
}

/** A document address from Shiprocket, only when it is http(s) (it becomes a link in the admin). */
export function documentUrl(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > 2_000) return null;
  try {
    const u = new URL(raw);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}

export type ShiprocketOrderInput = {
  /** The shop's own order reference (its display id). */
  orderId: string;
  /** "YYYY-MM-DD HH:mm" in India. */
  orderDate: string;
  pickupLocation: string;
  customer: {
    name: string;
    address: string;
    city: string;
    pincode: string;
    state: string;
    email: string;
    phone: string;
  };
  items: { name: string; sku: string; units: number; sellingPrice: number }[];
  paymentMethod: "COD" | "Prepaid";
  subTotal: number;
  box: { lengthCm: number; breadthCm: number; heightCm: number; weightKg: number };
};

export class ShiprocketClient {
  private token: { value: string; until: number } | null = null;
  private login: Promise<string> | null = null;
  private readonly now: () => number;

  constructor(private readonly opts: Options) {
    this.now = opts.now ?? Date.now;
  }

  private async freshToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    this.login ??= (async () => {
      try {
        const res = await this.send("POST", "/auth/login", {
          email: this.opts.email,
          password: this.opts.password,
        });
        const body = (await res.json().catch(() => null)) as { token?: unknown } | null;
        if (!res.ok || typeof body?.token !== "string" || !body.token) {
          throw new ShiprocketError(`Shiprocket refused the login (HTTP ${res.status})`, res.status);
        }
        this.token = { value: body.token, until: this.now() + TOKEN_LIFE_MS };
        return body.token;
      } finally {
        this.login = null;
      }
    })();
    return this.login;
  }

  private send(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    timeoutMs = this.opts.timeoutMs ?? 10_000,
  ): Promise<Response> {
    return fetch(`${this.opts.baseUrl}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((err: unknown) => {
      const why = err instanceof Error && err.name === "TimeoutError" ? "timed out" : "could not be reached";
      throw new ShiprocketError(`Shiprocket ${why} (${method} ${path})`, 0);
    });
  }

  /** A login with these keys now (Settings > Keys' "Check connection"): throws ShiprocketError when refused. */
  async checkLogin(): Promise<void> {
    this.token = null;
    await this.freshToken();
  }

  /** One authenticated call: the JSON answer, a new login once on 401, a ShiprocketError otherwise. */
  async call<T>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    timeoutMs?: number,
  ): Promise<{ status: number; body: T }> {
    let res = await this.send(method, path, body, await this.freshToken(), timeoutMs);
    if (res.status === 401) {
      this.token = null;
      res = await this.send(method, path, body, await this.freshToken(), timeoutMs);
    }
    const answer = (await res.json().catch(() => null)) as T & { message?: unknown };
    if (!res.ok && res.status !== 404) {
      const said = typeof answer?.message === "string" ? `: ${answer.message.slice(0, 200)}` : "";
      throw new ShiprocketError(
        `Shiprocket answered HTTP ${res.status} to ${method} ${path}${said}`,
        res.status,
      );
    }
    return { status: res.status, body: answer };
  }

  /** Couriers serving a PIN pair for a parcel of this weight, COD or prepaid (none: not serviceable). */
  async serviceability(q: {
    pickupPincode: string;
    deliveryPincode: string;
    weightKg: number;
    cod: boolean;
    declaredValue?: number;
    timeoutMs?: number;
  }): Promise<Serviceability> {
    const params = new URLSearchParams({
      pickup_postcode: q.pickupPincode,
      delivery_postcode: q.deliveryPincode,
      weight: String(q.weightKg),
      cod: q.cod ? "1" : "0",
      ...(q.declaredValue ? { declared_value: String(q.declaredValue) } : {}),
    });
    const { status, body } = await this.call<{ status?: number }>(
      "GET",
      `/courier/serviceability/?${params}`,
    );
    // Shiprocket says "not serviceable" with a 404, in the status code or in the body's own status.
    if (status === 404 || body?.status === 404) return { couriers: [] };
    return { couriers: readCouriers(body) };
  }

  /** Create the order (adhoc): Shiprocket's order and shipment ids. */
  async createOrder(o: ShiprocketOrderInput): Promise<{ orderId: number; shipmentId: number }> {
    const { status, body } = await this.call<{ order_id?: number; shipment_id?: number; message?: string }>(
      "POST",
      "/orders/create/adhoc",
      {
        order_id: o.orderId,
        order_date: o.orderDate,
        pickup_location: o.pickupLocation,
        billing_customer_name: o.customer.name,
        billing_last_name: "",
        billing_address: o.customer.address,
        billing_city: o.customer.city,
        billing_pincode: o.customer.pincode,
        billing_state: o.customer.state,
        billing_country: "India",
        billing_email: o.customer.email,
        billing_phone: o.customer.phone,
        shipping_is_billing: true,
        order_items: o.items.map((i) => ({
          name: i.name,
          sku: i.sku,
          units: i.units,
          selling_price: i.sellingPrice,
        })),
        payment_method: o.paymentMethod,
        sub_total: o.subTotal,
        length: o.box.lengthCm,
        breadth: o.box.breadthCm,
        height: o.box.heightCm,
        weight: o.box.weightKg,
      },
    );
    if (status !== 200 || !Number.isInteger(body?.order_id) || !Number.isInteger(body?.shipment_id)) {
      throw new ShiprocketError(`Shiprocket did not create the order (HTTP ${status})`, status);
    }
    return { orderId: body.order_id!, shipmentId: body.shipment_id! };
  }

  /** Assign a courier (the default one when none is given) and get the AWB. */
  async assignAwb(shipmentId: number, courierId?: number): Promise<{ awb: string; courierName: string }> {
    const { body } = await this.call<{
      awb_assign_status?: number;
      response?: { data?: { awb_code?: string; courier_name?: string } };
      message?: string;
    }>("POST", "/courier/assign/awb", {
      shipment_id: shipmentId,
      ...(courierId ? { courier_id: courierId } : {}),
    });
    const data = body?.response?.data;
    if (body?.awb_assign_status !== 1 || !data?.awb_code) {
      throw new ShiprocketError(
        `Shiprocket did not assign an AWB${body?.message ? `: ${body.message}` : ""}`,
        400,
      );
    }
    return { awb: data.awb_code, courierName: data.courier_name ?? "" };
  }

  /** Ask the courier to collect the shipment. */
  async schedulePickup(shipmentId: number): Promise<{ scheduledFor: string | null }> {
    const { body } = await this.call<{
      pickup_status?: number;
      response?: { pickup_scheduled_date?: string };
    }>("POST", "/courier/generate/pickup", { shipment_id: [shipmentId] });
    if (body?.pickup_status !== 1) throw new ShiprocketError("Shiprocket did not schedule the pickup", 400);
    return { scheduledFor: body.response?.pickup_scheduled_date ?? null };
  }

  /** The label PDF's address for these shipments. */
  async labelUrl(shipmentIds: number[]): Promise<string> {
    const { body } = await this.call<{ label_created?: number; label_url?: string }>(
      "POST",
      "/courier/generate/label",
      { shipment_id: shipmentIds },
    );
    const url = documentUrl(body?.label_url);
    if (body?.label_created !== 1 || !url) throw new ShiprocketError("Shiprocket made no label", 400);
    return url;
  }

  /** The manifest PDF's address for these shipments (the courier's handover list). */
  async manifestUrl(shipmentIds: number[]): Promise<string> {
    const { body } = await this.call<{ status?: number; manifest_url?: string }>(
      "POST",
      "/manifests/generate",
      {
        shipment_id: shipmentIds,
      },
    );
    const url = documentUrl(body?.manifest_url);
    if (!url) throw new ShiprocketError("Shiprocket made no manifest", 400);
    return url;
  }

  /**
   * Answer a delivery failure (NDR) of an AWB: deliver again ("re-attempt", with a new phone or address
   * when the shopper gave one) or send it back ("return"). Shiprocket answers 202 when it takes the action.
   */
  async ndrAction(
    awb: string,
    a: {
      action: "re-attempt" | "return";
      comments: string;
      phone?: string;
      address1?: string;
      address2?: string;
    },
  ): Promise<void> {
    const { status } = await this.call<{ message?: string }>(
      "POST",
      `/ndr/${encodeURIComponent(awb)}/action`,
      {
        action: a.action,
        comments: a.comments.slice(0, 200),
        ...(a.phone ? { phone: a.phone } : {}),
        ...(a.address1 ? { address1: a.address1.slice(0, 200) } : {}),
        ...(a.address2 ? { address2: a.address2.slice(0, 200) } : {}),
      },
    );
    if (status !== 200 && status !== 202)
      throw new ShiprocketError(`Shiprocket did not take the NDR action (HTTP ${status})`, status);
  }

  /**
   * Register a pickup address under a nickname (POST settings/company/addpickup; Shiprocket then asks the
   * phone's owner to verify it). Its refusal (a nickname in use, an address it cannot read) is said in the
   * error, in Shiprocket's words.
   */
  async addPickupLocation(p: {
    nickname: string;
    name: string;
    email: string;
    phone: string;
    address1: string;
    address2: string | null;
    city: string;
    state: string;
    pincode: string;
  }): Promise<{ pickupId: number | null }> {
    const { status, body } = await this.call<{ success?: boolean; pickup_id?: number }>(
      "POST",
      "/settings/company/addpickup",
      {
        pickup_location: p.nickname,
        name: p.name,
        email: p.email,
        phone: p.phone,
        address: p.address1,
        address_2: p.address2 ?? "",
        city: p.city,
        state: p.state,
        country: "India",
        pin_code: p.pincode,
      },
    );
    if (status !== 200 || body?.success !== true) {
      throw new ShiprocketError(`Shiprocket did not add the pickup location (HTTP ${status})`, status);
    }
    return { pickupId: Number.isInteger(body.pickup_id) ? body.pickup_id! : null };
  }

  /** Cancel shipments by AWB (before pickup): the AWBs are released and the parcels not collected. */
  async cancelShipments(awbs: string[]): Promise<void> {
    const { status } = await this.call<{ message?: string }>("POST", "/orders/cancel/shipment/awbs", {
      awbs,
    });
    if (status !== 200)
      throw new ShiprocketError(`Shiprocket did not cancel the shipment (HTTP ${status})`, status);
  }

  /** The shipment's current status by its AWB (Shiprocket's status code and words), or null when unknown yet. */
  async track(awb: string): Promise<{ statusId: number; label: string } | null> {
    const { status, body } = await this.call<{
      tracking_data?: {
        track_status?: number;
        shipment_status?: number;
        shipment_track?: { current_status?: string }[];
      };
    }>("GET", `/courier/track/awb/${encodeURIComponent(awb)}`);
    const t = body?.tracking_data;
    if (status === 404 || !t || t.track_status !== 1 || !Number.isInteger(t.shipment_status)) return null;
    return {
      statusId: t.shipment_status!,
      label: String(t.shipment_track?.[0]?.current_status ?? "").slice(0, 80),
    };
  }
}
