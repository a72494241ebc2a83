// The shop's built-in TEST payment gateway. It offers the same browser API as Razorpay's checkout
// script (`new Razorpay(options)`, `.open()`, `.on("payment.failed", fn)`, `.close()`), so the checkout
// page runs the very same code. "Success" asks OUR server to sign the answer exactly as Razorpay signs
// it (only while the test gateway is on), and the server then verifies that signature as usual.
(function () {
  "use strict";
  if (window.Razorpay) return;

  function formatPaise(paise, currency) {
    try {
      return new Intl.NumberFormat("en-IN", { style: "currency", currency: currency || "INR", maximumFractionDigits: 0 }).format(paise / 100);
    } catch {
      return "₹" + Math.round(paise / 100);
    }
  }

  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute("style", style);
    if (text) node.textContent = text;
    return node;
  }

  function Razorpay(options) {
    if (!options || !options.order_id) throw new Error("Razorpay: order_id is required");
    this.options = options;
    this.handlers = {};
    this.root = null;
    this.previousFocus = null;
  }

  Razorpay.prototype.on = function (event, fn) {
    (this.handlers[event] = this.handlers[event] || []).push(fn);
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.handlers[event] || []).forEach(function (fn) {
      fn(payload);
    });
  };

  Razorpay.prototype.close = function () {
    if (this.root) {
      this.root.remove();
      this.root = null;
      document.removeEventListener("keydown", this.onKey, true);
      if (this.previousFocus && this.previousFocus.focus) this.previousFocus.focus();
    }
  };

  Razorpay.prototype.open = function () {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- plain browser script, no arrow functions needed
    var self = this;
    var o = this.options;
    if (this.root) return;
    var theme = (o.theme && o.theme.color) || "#ff1493";
    this.previousFocus = document.activeElement;

    var overlay = el("div", "position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.7);display:flex;align-items:center;justify-content:center;padding:16px;font-family:system-ui,sans-serif");
    var box = el("div", "background:#fff;color:#111;border-radius:12px;max-width:380px;width:100%;box-shadow:0 20px 50px rgba(0,0,0,.5);overflow:hidden");
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "true");
    box.setAttribute("aria-labelledby", "test-gateway-title");
    var head = el("div", "background:" + theme + ";color:#fff;padding:16px 20px");
    var title = el("h2", "margin:0;font-size:20px;font-weight:700", "Test payment");
    title.id = "test-gateway-title";
    head.appendChild(title);
    head.appendChild(el("p", "margin:4px 0 0;font-size:13px;opacity:.95", (o.name || "") + (o.description ? " · " + o.description : "")));
    var body = el("div", "padding:20px");
    body.appendChild(el("p", "margin:0 0 6px;font-size:28px;font-weight:700", formatPaise(Number(o.amount) || 0, o.currency)));
    body.appendChild(el("p", "margin:0 0 16px;font-size:13px;color:#444", "This is the shop's test gateway: no money moves. Choose what the payment should do."));
    // The ways to pay the options' config.display offers, as Razorpay's window shows them (issue 46): the UPI
    // block for this device (intent: the UPI apps; QR: a code to scan), and what is hidden (UPI collect).
    var display = (o.config && o.config.display) || null;
    if (display) {
      var methods = el("ul", "margin:0 0 12px;padding:0;list-style:none;font-size:14px");
      methods.setAttribute("aria-label", "Ways to pay");
      var flowText = { intent: "UPI apps: GPay, PhonePe, Paytm, BHIM", qr: "UPI QR code: scan it with any UPI app", collect: "UPI ID (collect request)" };
      var describe = function (i) {
        return (i.flows || []).map(function (f) { return flowText[f] || f; }).join(", ") || i.method;
      };
      (display.sequence || []).forEach(function (ref) {
        var block = display.blocks && display.blocks[String(ref).replace(/^block\./, "")];
        if (!block) return;
        var item = el("li", "margin:0 0 6px;padding:8px 10px;border:1px solid #ddd;border-radius:8px");
        item.appendChild(el("strong", "display:block", block.name));
        item.appendChild(el("span", "font-size:12px;color:#444", (block.instruments || []).map(describe).join("; ")));
        methods.appendChild(item);
      });
      if (!display.preferences || display.preferences.show_default_blocks !== false)
        methods.appendChild(el("li", "margin:0 0 6px;padding:8px 10px;border:1px solid #ddd;border-radius:8px", "Cards, net banking and wallets"));
      (display.hide || []).forEach(function (h) {
        methods.appendChild(el("li", "margin:0 0 6px;font-size:12px;color:#666", "Not offered: " + describe(h)));
      });
      body.appendChild(methods);
    }
    var status = el("p", "margin:0 0 12px;font-size:13px;color:#b00020;min-height:1em");
    status.setAttribute("role", "status");
    body.appendChild(status);
    var row = el("div", "display:flex;gap:8px;flex-wrap:wrap");
    var btn = "flex:1;min-width:90px;padding:10px 12px;border-radius:8px;font-size:15px;font-weight:600;cursor:pointer;border:2px solid ";
    var success = el("button", btn + theme + ";background:" + theme + ";color:#fff", "Success");
    var failure = el("button", btn + "#b00020;background:#fff;color:#b00020", "Failure");
    var close = el("button", btn + "#555;background:#fff;color:#333", "Close");
    [success, failure, close].forEach(function (b) {
      b.type = "button";
      row.appendChild(b);
    });
    body.appendChild(row);
    box.appendChild(head);
    box.appendChild(body);
    overlay.appendChild(box);

    success.addEventListener("click", function () {
      success.disabled = failure.disabled = close.disabled = true;
      status.textContent = "";
      fetch("/api/payments/test-sign", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ order_id: o.order_id }),
        credentials: "same-origin",
      })
        .then(function (r) {
          if (!r.ok) throw new Error("sign failed");
          return r.json();
        })
        .then(function (answer) {
          self.close();
          if (typeof o.handler === "function") o.handler(answer);
        })
        .catch(function () {
          success.disabled = failure.disabled = close.disabled = false;
          status.textContent = "The test payment could not be completed.";
        });
    });
    failure.addEventListener("click", function () {
      self.close();
      self.emit("payment.failed", {
        error: {
          code: "BAD_REQUEST_ERROR",
          description: "Payment failed (test gateway: Failure was chosen).",
          source: "customer",
          step: "payment_authorization",
          reason: "payment_failed",
          metadata: { order_id: o.order_id, payment_id: "pay_TestFailed" },
        },
      });
    });
    function dismiss() {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === "function") o.modal.ondismiss();
    }
    close.addEventListener("click", dismiss);
    this.onKey = function (e) {
      if (e.key === "Escape") {
        e.stopPropagation();
        dismiss();
      } else if (e.key === "Tab") {
        // Keep focus inside the window.
        var items = [success, failure, close];
        var i = items.indexOf(document.activeElement);
        e.preventDefault();
        items[(i + (e.shiftKey ? items.length - 1 : 1)) % items.length].focus();
      }
    };
    document.addEventListener("keydown", this.onKey, true);
    document.body.appendChild(overlay);
    this.root = overlay;
    success.focus();
  };

  window.Razorpay = Razorpay;
})();
