import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** The API user the fake accepts, and the shop's environment for it. */
export const TEST_SHIPROCKET = { email: "api-user@neonlights.test", password: "fake-shiprocket-password" };

export const fakeShiprocketEnv = (fake: { baseUrl: string }) => ({
  SHIPROCKET_EMAIL: TEST_SHIPROCKET.email,
  SHIPROCKET_PASSWORD: TEST_SHIPROCKET.password,
  SHIPROCKET_BASE_URL: fake.baseUrl,
});

/** One courier as Shiprocket lists it in available_courier_companies (the fields the shop reads, and a few more). */
export type FakeCourier = {
  courier_company_id: number;
  courier_name: string;
  rate: number;
  estimated_delivery_days: string;
  cod: 0 | 1;
};

export const FAKE_COURIERS = {
  delhivery: {
    courier_company_id: 43,
    courier_name: "Delhivery Surface",
    rate: 54,
    estimated_delivery_days: "4",
    cod: 1,
  },
  bluedart: {
    courier_company_id: 1,
    courier_name: "Blue Dart",
    rate: 118.5,
    estimated_delivery_days: "2",
    cod: 0,
  },
  ecom: {
    courier_company_id: 19,
    courier_name: "Ecom Express Surface 2kg",
    rate: 150.12,
    estimated_delivery_days: "6",
    cod: 1,
  },
} satisfies Record<string, FakeCourier>;

export type FakeShipment = {
  orderId: number;
  shipmentId: number;
  channelOrderId: string;
  body: Record<string, unknown>;
  awb: string | null;
  courierId: number | null;
  pickupScheduled: boolean;
};

/**
 * A fake Shiprocket API (v1/external) for tests, speaking the calls the shop makes as Shiprocket documents
 * them: POST /auth/login (e-mail and password for a token), then with `Authorization: Bearer <token>`
 * GET /courier/serviceability/, POST /orders/create/adhoc, /courier/assign/awb, /courier/generate/pickup,
 * /courier/generate/label, /manifests/generate, /ndr/:awb/action (only while tracking says NDR, code 21; 202),
 * /orders/cancel/shipment/awbs, GET settings/company/pickup and POST settings/company/addpickup (a nickname
 * in use or a field it cannot read: 422 with Shiprocket's words); an order naming a pickup location the
 * account does not have is refused (422), as Shiprocket does. Serviceability answers per delivery PIN from `routes`
 * (a PIN not listed: 404 "not serviceable", as Shiprocket answers). `expireTokens()` makes every issued
 * token answer 401 (the shop must log in again); `failNext` answers the next calls with an error.
 */
export async function startFakeShiprocket(opts: { routes?: Record<string, FakeCourier[]> } = {}) {
  const routes = new Map(Object.entries(opts.routes ?? {}));
  const tokens = new Set<string>();
  const shipments = new Map<number, FakeShipment>();
  /** The tracking status of each AWB, as GET /courier/track/awb/:awb answers it. */
  const tracking = new Map<string, { statusId: number; label: string }>();
  /** The NDR actions the shop sent (POST /ndr/:awb/action), in order. */
  const ndrActions: ({ awb: string } & Record<string, unknown>)[] = [];
  /** The AWBs cancelled (POST /orders/cancel/shipment/awbs). */
  const cancelled = new Set<string>();
  /** The account's pickup locations by nickname (a new account has "Primary"); POST settings/company/addpickup adds one. */
  const pickupLocations = new Map<string, Record<string, unknown>>([["Primary", { pin_code: "243601" }]]);
  const state = {
    logins: 0,
    requests: [] as { method: string; path: string; query: Record<string, string> }[],
    /** The next calls (not logins) answer this status with a message instead. */
    failNext: [] as number[],
    /** Milliseconds to wait before answering serviceability (a slow courier API). */
    delayMs: 0,
    nextId: 1000,
  };

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const path = url.pathname.replace(/^\/v1\/external/, "").replace(/\/$/, "");
      if (!url.pathname.startsWith("/v1/external/"))
        return send(404, { message: "Not found", status_code: 404 });
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(400, { message: "Invalid JSON", status_code: 400 });
      }
      if (req.method === "POST" && path === "/auth/login") {
        state.logins++;
        if (body.email !== TEST_SHIPROCKET.email || body.password !== TEST_SHIPROCKET.password) {
          return send(400, { message: "Invalid email and password combination", status_code: 400 });
        }
        const token = crypto.randomBytes(24).toString("base64url");
        tokens.add(token);
        return send(200, {
          id: 1,
          first_name: "API",
          last_name: "User",
          email: body.email,
          company_id: 1,
          token,
        });
      }
      const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!auth || !tokens.has(auth)) {
        return send(401, { message: "Token has expired", status_code: 401 });
      }
      state.requests.push({ method: req.method ?? "", path, query: Object.fromEntries(url.searchParams) });
      const failure = state.failNext.shift();
      if (failure) return send(failure, { message: "The fake is failing on purpose", status_code: failure });

      if (req.method === "GET" && path === "/courier/serviceability") {
        const pickup = url.searchParams.get("pickup_postcode") ?? "";
        const delivery = url.searchParams.get("delivery_postcode") ?? "";
        const weight = url.searchParams.get("weight");
        if (!/^\d{6}$/.test(pickup) || !/^\d{6}$/.test(delivery) || !weight || !url.searchParams.has("cod")) {
          return send(422, { message: "Required field missing", status_code: 422 });
        }
        const couriers = routes.get(delivery);
        const answer = () =>
          couriers?.length
            ? send(200, {
                currency: "INR",
                status: 200,
                data: {
                  available_courier_companies: couriers.map((c) => ({
                    ...c,
                    postcode: delivery,
                    blocked: 0,
                  })),
                },
              })
            : send(404, { status: 404, message: `Delivery postcode ${delivery} is not serviceable` });
        return state.delayMs ? void setTimeout(answer, state.delayMs) : answer();
      }
      if (req.method === "GET" && path === "/settings/company/pickup") {
        return send(200, {
          data: {
            shipping_address: [...pickupLocations].map(([nickname, a]) => ({
              pickup_location: nickname,
              ...a,
            })),
          },
        });
      }
      if (req.method === "POST" && path === "/settings/company/addpickup") {
        const required = [
          "pickup_location",
          "name",
          "email",
          "phone",
          "address",
          "city",
          "state",
          "country",
          "pin_code",
        ];
        const errors: Record<string, string[]> = {};
        for (const k of required) if (!body[k]) errors[k] = [`The ${k} field is required.`];
        const nickname = String(body.pickup_location ?? "");
        if (nickname.length > 36)
          errors.pickup_location = ["The pickup location may not be greater than 36 characters."];
        if (String(body.address ?? "").length > 80)
          errors.address = ["The address may not be greater than 80 characters."];
        if (body.phone && !/^[6-9]\d{9}$/.test(String(body.phone)))
          errors.phone = ["Not a valid mobile number"];
        if (body.pin_code && !/^[1-9]\d{5}$/.test(String(body.pin_code)))
          errors.pin_code = ["Invalid pincode"];
        if (pickupLocations.has(nickname)) errors.pickup_location = ["Address nick name already in use"];
        const first = Object.values(errors)[0];
        if (first) return send(422, { message: first[0], errors, status_code: 422 });
        const id = state.nextId++;
        const { pickup_location: _nick, ...address } = body;
        pickupLocations.set(nickname, address);
        return send(200, { success: true, address: { ...address, id }, pickup_id: id });
      }
      if (req.method === "POST" && path === "/orders/create/adhoc") {
        const missing = [
          "order_id",
          "order_date",
          "pickup_location",
          "billing_pincode",
          "payment_method",
          "sub_total",
          "weight",
        ].filter((k) => body[k] === undefined || body[k] === "");
        if (missing.length)
          return send(422, {
            message: "Required field missing",
            errors: Object.fromEntries(missing.map((k) => [k, [`The ${k} field is required.`]])),
            status_code: 422,
          });
        if (!pickupLocations.has(String(body.pickup_location)))
          return send(422, {
            message: "Wrong Pickup location entered. Please choose one location from data array",
            data: [...pickupLocations.keys()],
            status_code: 422,
          });
        const shipment: FakeShipment = {
          orderId: state.nextId++,
          shipmentId: state.nextId++,
          channelOrderId: String(body.order_id),
          body,
          awb: null,
          courierId: null,
          pickupScheduled: false,
        };
        shipments.set(shipment.shipmentId, shipment);
        return send(200, {
          order_id: shipment.orderId,
          shipment_id: shipment.shipmentId,
          status: "NEW",
          status_code: 1,
        });
      }
      const track = /^\/courier\/track\/awb\/([^/]+)$/.exec(path);
      if (req.method === "GET" && track) {
        const t = tracking.get(decodeURIComponent(track[1]!));
        if (!t)
          return send(200, {
            tracking_data: { track_status: 0, error: "There is no activities found in our DB." },
          });
        return send(200, {
          tracking_data: {
            track_status: 1,
            shipment_status: t.statusId,
            shipment_track: [{ awb_code: track[1], current_status: t.label }],
          },
        });
      }
      const ndr = /^\/ndr\/([^/]+)\/action$/.exec(path);
      if (req.method === "POST" && ndr) {
        const awb = decodeURIComponent(ndr[1]!);
        if (tracking.get(awb)?.statusId !== 21)
          return send(422, { message: "This AWB has no pending NDR", status_code: 422 });
        if (body.action !== "re-attempt" && body.action !== "return" && body.action !== "fake-attempt")
          return send(422, { message: "The action field is invalid", status_code: 422 });
        if (typeof body.comments !== "string" || !body.comments)
          return send(422, { message: "The comments field is required", status_code: 422 });
        ndrActions.push({ awb, ...body });
        return send(202, { message: "NDR action updated" });
      }
      if (req.method === "POST" && path === "/orders/cancel/shipment/awbs") {
        const awbs = Array.isArray(body.awbs) ? body.awbs.map(String) : [];
        const known = [...shipments.values()].filter((s) => s.awb && awbs.includes(s.awb));
        if (!awbs.length || known.length !== awbs.length)
          return send(400, { message: "Invalid AWB", status_code: 400 });
        for (const s of known) cancelled.add(s.awb!);
        return send(200, { message: "Bulk Shipment cancellation is in progress. Please wait for 24 hours." });
      }
      const ids = (Array.isArray(body.shipment_id) ? body.shipment_id : [body.shipment_id]).map(Number);
      const found = ids.map((id) => shipments.get(id));
      if (found.some((s) => !s)) return send(400, { message: "Invalid shipment id", status_code: 400 });
      const list = found as FakeShipment[];
      if (req.method === "POST" && path === "/courier/assign/awb") {
        const s = list[0]!;
        const pincode = String(s.body.billing_pincode);
        const offered = routes.get(pincode) ?? [];
        const courier = body.courier_id
          ? offered.find((c) => c.courier_company_id === Number(body.courier_id))
          : offered[0];
        if (!courier) return send(400, { message: "Selected courier is not serviceable", status_code: 400 });
        s.awb ??= String(1_000_000_000_000 + s.shipmentId);
        s.courierId = courier.courier_company_id;
        return send(200, {
          awb_assign_status: 1,
          response: {
            data: {
              awb_code: s.awb,
              courier_company_id: courier.courier_company_id,
              courier_name: courier.courier_name,
              shipment_id: s.shipmentId,
              order_id: s.orderId,
            },
          },
        });
      }
      if (req.method === "POST" && path === "/courier/generate/pickup") {
        if (list.some((s) => !s.awb)) return send(400, { message: "AWB not assigned", status_code: 400 });
        for (const s of list) s.pickupScheduled = true;
        return send(200, {
          pickup_status: 1,
          response: { pickup_scheduled_date: "2025-12-02 10:00:00", status: 3 },
        });
      }
      if (req.method === "POST" && path === "/courier/generate/label") {
        return send(200, {
          label_created: 1,
          label_url: `http://${req.headers.host}/files/label-${ids.join("-")}.pdf`,
          not_created: [],
        });
      }
      if (req.method === "POST" && path === "/manifests/generate") {
        return send(200, {
          status: 1,
          manifest_url: `http://${req.headers.host}/files/manifest-${ids.join("-")}.pdf`,
        });
      }
      return send(404, { message: "Not found", status_code: 404 });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrl: `${url}/v1/external`,
    state,
    shipments,
    ndrActions,
    cancelled,
    pickupLocations,
    /** The couriers serving a delivery PIN (empty or unset: not serviceable). */
    setRoute(pincode: string, couriers: FakeCourier[]) {
      routes.set(pincode, couriers);
    },
    /** What tracking says of an AWB from now on (Shiprocket's status code and its words). */
    setTracking(awb: string, statusId: number, label: string) {
      tracking.set(awb, { statusId, label });
    },
    /** Every issued token answers 401 from now on (Shiprocket's tokens end after 10 days). */
    expireTokens() {
      tokens.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeShiprocket = Awaited<ReturnType<typeof startFakeShiprocket>>;
