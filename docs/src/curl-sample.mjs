// Reads a curl sample of the reference (docs/samples/<service>/<operationId>.sh) into
// the request it sends, so a test can check its headers and replay it with fetch where
// curl is missing. Samples stay in a small subset of shell, which this reader refuses
// to guess past: one `curl` command, `\` line continuations, '...' and "..." words,
// $NAME / ${NAME} inside double quotes or bare words, and the flags -X, -H, -d.

/**
 * Splits shell text into words, expanding variables from `env`.
 * @param {string} text
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function shellWords(text, env) {
  const expand = (chunk) =>
    chunk.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name) => {
      const value = env[name];
      if (value === undefined) throw new Error(`the sample uses $${name}, which is not set`);
      return value;
    });
  const words = [];
  let word = null;
  let at = 0;
  const source = text.replace(/\\\n/g, " ");
  while (at < source.length) {
    const char = source[at];
    if (char === "#" && word === null) {
      const end = source.indexOf("\n", at);
      at = end === -1 ? source.length : end;
    } else if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
      at += 1;
    } else if (char === "'" || char === '"') {
      const end = source.indexOf(char, at + 1);
      if (end === -1) throw new Error(`unclosed ${char} in the sample`);
      const quoted = source.slice(at + 1, end);
      word = (word ?? "") + (char === '"' ? expand(quoted) : quoted);
      at = end + 1;
    } else {
      const bare = /^[^\s'"]+/.exec(source.slice(at))[0];
      if (bare.includes("\\")) throw new Error(`unsupported escape in ${bare}`);
      word = (word ?? "") + expand(bare);
      at += bare.length;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/**
 * The request a curl sample sends.
 * @param {string} text
 * @param {Record<string, string | undefined>} env
 * @returns {{ method: string, url: string, headers: [string, string][], body: string | undefined }}
 */
export function curlRequest(text, env) {
  const [command, ...args] = shellWords(text, env);
  if (command !== "curl") throw new Error(`a sample runs curl, not ${command}`);
  const request = { method: "", url: "", headers: [], body: undefined };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = args[i + 1];
    if (arg === "-X" || arg === "-H" || arg === "-d") {
      if (value === undefined) throw new Error(`${arg} needs a value`);
      i += 1;
    }
    if (arg === "-X") {
      request.method = value;
    } else if (arg === "-H") {
      const colon = value.indexOf(":");
      if (colon < 1) throw new Error(`header without a name: ${value}`);
      request.headers.push([value.slice(0, colon).trim(), value.slice(colon + 1).trim()]);
    } else if (arg === "-d") {
      request.body = value;
    } else if (arg.startsWith("-")) {
      throw new Error(`unsupported curl flag ${arg}`);
    } else if (request.url === "") {
      request.url = arg;
    } else {
      throw new Error(`a sample sends one URL, found ${request.url} and ${arg}`);
    }
  }
  if (request.url === "") throw new Error("the sample names no URL");
  if (request.method === "") request.method = request.body === undefined ? "GET" : "POST";
  return request;
}
