/**
 * The vector panel: the index's info and namespaces, polled less often than the runs (each
 * info call is one line of the vector log), and a page of records of the chosen namespace,
 * narrowed by a metadata filter, with a next page button.
 */
import { $, el, messageOf, showError } from "./dom.js";
import { call, hasToken, poll } from "./session.js";
import { infoFacts, namespaceChange, namespaceOptions, scanPath } from "./vector-text.js";
import type { IndexInfo, ScanPage } from "./wire.js";

const INFO_EVERY_MS = 5000;
const PAGE_SIZE = 20;

let recordsCursor = "0";

/** Reads and shows the index's info, then again every few seconds. */
export async function pollInfo(): Promise<void> {
  if (hasToken()) {
    try {
      const { result } = await poll<{ result: IndexInfo }>("/v2/dev/vector/info");
      renderInfo(result);
    } catch (error) {
      if (hasToken()) showError(`Vector info: ${messageOf(error)}`);
    }
  }
  setTimeout(pollInfo, INFO_EVERY_MS);
}

function renderInfo(info: IndexInfo): void {
  const list = $("index-info");
  list.replaceChildren();
  for (const [name, value] of infoFacts(info)) list.append(el("dt", {}, name), el("dd", {}, value));
  const select = $("namespace", HTMLSelectElement);
  const options = namespaceOptions(info);
  const change = namespaceChange(
    options.map((option) => option.value),
    [...select.options].map((option) => option.value),
    select.value,
  );
  if (change === undefined) return;
  select.replaceChildren(
    ...options.map((option) => el("option", { value: option.value }, option.label)),
  );
  select.value = change.value;
  if (change.first) loadRecords(true);
}

/** Loads a page of records: the first one, or the one after the page shown. */
export async function loadRecords(fromStart: boolean): Promise<void> {
  if (!hasToken()) return;
  if (fromStart) recordsCursor = "0";
  const status = $("records-status");
  try {
    const { result } = await call<{ result: ScanPage }>(
      scanPath($("namespace", HTMLSelectElement).value),
      {
        method: "POST",
        body: JSON.stringify({
          cursor: recordsCursor,
          limit: PAGE_SIZE,
          filter: $("record-filter", HTMLInputElement).value,
        }),
      },
    );
    $("records").replaceChildren(
      ...result.vectors.map((record) =>
        el(
          "tr",
          { "data-record-id": record.id },
          el("td", { class: "mono" }, record.id),
          el(
            "td",
            {},
            el(
              "pre",
              {},
              record.metadata === undefined ? "" : JSON.stringify(record.metadata, null, 1),
            ),
          ),
          el("td", {}, record.data === undefined ? "" : record.data),
        ),
      ),
    );
    recordsCursor = result.nextCursor;
    status.textContent = result.vectors.length === 0 ? "No record matches." : "";
    $("records-next").hidden = result.nextCursor === "";
  } catch (error) {
    status.textContent = messageOf(error);
  }
}
