import { describe, expect, it } from "vitest";
import {
  BadFormBody,
  BodyTooLarge,
  formFiles,
  readFormData,
  tryReadFormData,
  tryReadText,
} from "./form-body.server";

const url = "http://shop.test/admin/banners";

/** A streamed body of `size` bytes that records how much of it was read. */
function countingBody(size: number) {
  let pulled = 0;
  const chunk = new Uint8Array(64 * 1024);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= size) return controller.close();
      const n = Math.min(chunk.length, size - pulled);
      pulled += n;
      controller.enqueue(chunk.subarray(0, n));
    },
  });
  return { stream, pulled: () => pulled };
}

const streamed = (body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  new Request(url, { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readFormData", () => {
  it("parses a form under the cap, files included", async () => {
    const f = new FormData();
    f.set("title", "Sale");
    f.append("image", new File([new Uint8Array(1000)], "a.png", { type: "image/png" }));
    f.append("image", new File([], ""));
    const form = await readFormData(new Request(url, { method: "POST", body: f }), 10_000);
    expect(form.get("title")).toBe("Sale");
    expect(formFiles(form, "image").map((x) => [x.name, x.size])).toEqual([["a.png", 1000]]);
  });

  it("refuses a body announced above the cap without reading it", async () => {
    const body = countingBody(5_000_000);
    const request = streamed(body.stream, {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": "5000000",
    });
    await expect(readFormData(request, 1_000_000)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it("cuts off a body that turns out larger than announced (or unannounced)", async () => {
    const body = countingBody(5_000_000);
    const request = streamed(body.stream, { "content-type": "multipart/form-data; boundary=x" });
    await expect(readFormData(request, 1_000_000)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(body.pulled()).toBeLessThan(1_500_000);
  });

  it("refuses what is not a form", async () => {
    const request = new Request(url, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    await expect(readFormData(request, 1_000_000)).rejects.toBeInstanceOf(BadFormBody);
  });
});

describe("tryReadFormData / tryReadText", () => {
  it("answer the form or the text when it fits", async () => {
    const read = await tryReadFormData(
      new Request(url, { method: "POST", body: new URLSearchParams({ a: "1" }) }),
      100,
    );
    expect(read.ok && read.form.get("a")).toBe("1");
    expect(await tryReadText(new Request(url, { method: "POST", body: "hello" }), 100)).toEqual({
      ok: true,
      text: "hello",
    });
  });

  it("answer too large for a body past the cap, announced or streamed", async () => {
    const announced = countingBody(5_000_000);
    const headers = { "content-type": "multipart/form-data; boundary=x", "content-length": "5000000" };
    expect(await tryReadFormData(streamed(announced.stream, headers), 1_000)).toEqual({
      ok: false,
      tooLarge: true,
      maxBytes: 1_000,
    });
    const chunked = countingBody(5_000_000);
    expect(await tryReadText(streamed(chunked.stream, { "content-type": "text/plain" }), 1_000)).toEqual({
      ok: false,
      tooLarge: true,
      maxBytes: 1_000,
    });
    expect(chunked.pulled()).toBeLessThan(1_000_000);
  });

  it("answer unreadable for what is not a form", async () => {
    const request = new Request(url, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(await tryReadFormData(request, 1_000)).toEqual({ ok: false, tooLarge: false, maxBytes: 1_000 });
  });
});
