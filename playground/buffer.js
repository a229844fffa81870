// The one Node global the library reaches for in a browser: diagnose.ts spells a character's
// percent-encoding (a hint: "é is %C3%A9") with Buffer.from(ch, "utf8"). The browser has no Buffer;
// this gives the library the UTF-8 octets from TextEncoder, which is all that call needs.
if (typeof globalThis.Buffer === "undefined") {
  const encoder = new TextEncoder();
  globalThis.Buffer = {
    from(text, encoding) {
      if (encoding !== "utf8" || typeof text !== "string") throw new TypeError("playground Buffer: only Buffer.from(string, \"utf8\")");
      return encoder.encode(text);
    },
    isBuffer: () => false,
  };
}
