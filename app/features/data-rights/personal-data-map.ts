/*
 * Every column of the schema that could hold personal data, and what "My data" does with it (issue 32,
 * decision 042). tests: personal-data-map.test.ts walks every table (app/wiring/all-tables.server.ts) and fails when a column
 * whose name looks personal (PERSONAL_COLUMN) is missing here, so a new table or column must be classified
 * before it ships; the integration test checks that the export holds every table marked `exported`.
 *
 * A handling is one of:
 *   "erased"      deleted or emptied on erasure (and exported)
 *   "anonymised"  replaced by a placeholder on erasure (and exported)
 *   "kept: ..."   exported, kept on erasure for the reason given
 *   "exempt: ..." not a shopper's personal data, or not findable by their contact, for the reason given
 */

export const PERSONAL_COLUMN =
  /(^|_)(email|phone|name|address|ip|gstin|contact|agent|pincode|comment|details|description|notes|body|message|text|reason|reference|awb|label|key|snapshot|note)($|_)/;

type Handling = "erased" | "anonymised" | `kept: ${string}` | `exempt: ${string}`;
type TableMap = { exported: boolean; columns: Record<string, Handling> };

const CATALOGUE = "exempt: the shop's catalogue text, not about a person";
const STAFF = "exempt: a staff member's e-mail (staff data, not a shopper's)";
const TAX = "kept: part of the sales record kept 8 years (CGST Act s.36, rule 56)";
const ORDER_PERSONAL = {
  customer_name: "anonymised",
  customer_email: "anonymised",
  customer_phone: "anonymised",
  shipping_address: "anonymised",
  buyer_gstin: "kept: a business buyer's registration, printed on its B2B invoice (rule 46)",
  buyer_business_name: "kept: a business buyer's registered name, printed on its B2B invoice (rule 46)",
  rto_reason: "exempt: a reason code from a fixed list",
} as const satisfies Record<string, Handling>;

export const PERSONAL_DATA: Record<string, TableMap> = {
  categories: { exported: false, columns: { name: CATALOGUE, description: CATALOGUE } },
  products: { exported: false, columns: { name: CATALOGUE, description: CATALOGUE } },
  product_images: { exported: false, columns: { image_key: CATALOGUE, alt_text: CATALOGUE } },
  bestselling_products: { exported: false, columns: { badge_text: CATALOGUE } },
  banners: { exported: false, columns: { image_key: CATALOGUE } },
  discount_codes: {
    exported: false,
    columns: {
      description: CATALOGUE,
      // A cart reminder's single-use code names the one mailbox that may use it (issue 30, decision 045).
      for_email: "erased",
    },
  },
  offers: { exported: false, columns: { name: CATALOGUE } },
  admin_users: { exported: false, columns: { email: STAFF } },
  sessions: {
    exported: false,
    columns: { ip: "exempt: staff sessions only", user_agent: "exempt: staff sessions only" },
  },
  login_attempts: {
    exported: false,
    columns: { email: STAFF, ip: "exempt: staff sign-in audit, swept after 30 days (housekeeping)" },
  },
  rate_limits: {
    exported: false,
    columns: { key: "exempt: counters keyed by network or hashed contact, gone within a day" },
  },
  message_deliveries: {
    exported: false,
    columns: { dedupe_key: "exempt: an event key (order id and kind), no contact" },
  },
  shop_settings: { exported: false, columns: { updated_by_email: STAFF } },
  // The services' keys, sealed (issue 42): who saved them is staff.
  service_keys: {
    exported: false,
    columns: {
      name: "exempt: the name of a service's key (RAZORPAY_KEY_SECRET), no person",
      updated_by_email: STAFF,
    },
  },
  go_live_ticks: { exported: false, columns: { ticked_by_email: STAFF } },
  monitoring_drops: { exported: false, columns: { reason: "exempt: a counter per day, no person" } },
  admin_passkeys: {
    exported: false,
    columns: { public_key: "exempt: a staff member's passkey", name: "exempt: a staff passkey's own label" },
  },
  staff_invitations: { exported: false, columns: { email: STAFF } },
  audit_log: {
    exported: false,
    columns: {
      actor_email: STAFF,
      ip: "exempt: the staff member's address, for the audit trail kept for its own period (settings)",
    },
  },
  // The COD question's state per checkout (no contact; the answer is in the order's exported timeline).
  cod_confirmations: { exported: false, columns: { answered_by_email: STAFF } },
  checkouts: {
    exported: true,
    columns: {
      idempotency_key: "exempt: a random key, no person",
      client_ip: "erased",
      customer_phone: "erased",
      customer_email: "erased",
      address_key: "erased",
    },
  },
  orders: { exported: true, columns: ORDER_PERSONAL },
  order_items: { exported: true, columns: { product_name: TAX } },
  custom_neon_orders: {
    exported: true,
    columns: {
      ...ORDER_PERSONAL,
      custom_text: "kept: the goods sold as invoiced (the invoice prints it)",
      preview_image_key: "kept: the picture of the goods sold",
      wall_photo_key: "erased",
    },
  },
  order_status_history: {
    exported: true,
    columns: { changed_by_email: STAFF, note: "erased" },
  },
  discount_redemptions: {
    exported: true,
    columns: { customer_phone: "anonymised", customer_email: "anonymised" },
  },
  refunds: {
    exported: true,
    columns: {
      reason: TAX,
      reference: "kept: the bank or UPI reference of money paid back (accounting record)",
      failure_reason: "exempt: the gateway's error text",
      request_key: "exempt: a random key, no person",
      created_by_email: STAFF,
    },
  },
  return_requests: {
    exported: true,
    columns: {
      reason: "exempt: a reason code from a fixed list",
      details: "erased",
      decision_note: "kept: staff's finding behind a refund or credit note (accounting record)",
    },
  },
  design_proofs: {
    exported: true,
    columns: {
      image_key: "kept: the shop's design of the goods sold",
      message: "kept: staff's words with the design",
      shopper_comment: "erased",
      sent_by_email: STAFF,
    },
  },
  invoices: {
    exported: true,
    columns: {
      reason: TAX,
      snapshot:
        "kept: the invoice as issued (CGST Act s.36, rules 46 and 56); only the buyer's phone and e-mail, which rule 46 does not ask for, are blanked on erasure",
    },
  },
  logo_quotes: {
    exported: true,
    columns: {
      customer_name: "erased",
      customer_email: "erased",
      customer_phone: "erased",
      notes: "erased",
      image_key: "erased",
      staff_message: "erased",
      priced_by_email: STAFF,
      client_ip: "erased",
    },
  },
  review_requests: { exported: true, columns: {} },
  // Cart reminders (issue 30, decision 045): deleted after the owner's keep period (default 30 days) anyway.
  abandoned_checkouts: {
    exported: true,
    columns: {
      edit_key_hash: "exempt: the hash of a random key held by the shopper's browser",
      link_token: "exempt: the random token of the reminder's links",
      customer_email: "erased",
      email_key: "erased",
      customer_phone: "erased",
      customer_name: "erased",
      client_network: "erased",
    },
  },
  // Notices to the shop's own inbox waiting for the digest (issue 42): mailed and deleted within 10 minutes.
  shop_notice_backlog: {
    exported: false,
    columns: {
      dedupe_key: "exempt: the notice's job key (an order's checkout id)",
      summary:
        "exempt: one line to the shop's own inbox (the order, its amount, the buyer's name and city), deleted when the digest is mailed within 10 minutes",
    },
  },
  recovery_suppressions: {
    exported: false,
    columns: {
      contact_hash:
        "kept: the hash of a contact that unsubscribed from cart reminders, so the shop never reminds it again (not findable without the contact)",
    },
  },
  reviews: {
    exported: true,
    columns: { body: "erased", author_name: "erased", reject_reason: "erased" },
  },
  review_photos: { exported: true, columns: { image_key: "erased" } },
  shipments: {
    exported: true,
    columns: {
      awb: "kept: the courier's parcel number of a sale",
      courier_name: "exempt: the courier company",
      label_url: "erased",
      ndr_reason: "exempt: the courier's words for a failed delivery",
      ndr_answer_details: "erased",
    },
  },
  grievances: {
    exported: true,
    columns: {
      customer_name: "erased",
      customer_email: "erased",
      customer_phone: "erased",
      description: "erased",
      attachment_key: "erased",
      resolved_by_email: STAFF,
      client_ip: "erased",
    },
  },
  grievance_messages: { exported: true, columns: { body: "erased", staff_email: STAFF } },
  data_requests: {
    exported: true,
    columns: {
      key_hash: "exempt: a hash of the browser's random key",
      contact_kind: "exempt: e-mail or phone",
      contact: "kept: proof the request was answered, deleted after the data-request retention period",
      client_ip: "kept: abuse checks, deleted with the request",
    },
  },
  data_request_events: { exported: true, columns: { staff_email: STAFF } },
  production_cards: { exported: false, columns: { moved_by_email: STAFF } },
  pay_links: {
    exported: false,
    columns: {
      discount_reason: "kept: why staff priced a chat order below the list (accounting record, audited)",
      created_by_email: STAFF,
    },
  },
  settlement_fetches: {
    exported: false,
    columns: { message: "exempt: Razorpay's answer to a settlements read, about no person" },
  },
  cod_remittances: {
    exported: false,
    columns: {
      awb: "exempt: a parcel's number in the courier's payout report (the order holds the person)",
      reference: "exempt: the courier's bank reference of a payout",
      file_name: "exempt: the name of the report staff uploaded",
      uploaded_by_email: STAFF,
    },
  },
};
