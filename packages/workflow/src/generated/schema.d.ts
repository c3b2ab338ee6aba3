// Generated from specs/workflow/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

export interface paths {
    "/v2/trigger/{workflowUrl}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trigger a workflow run
         * @description Starts a run of the workflow hosted at `workflowUrl`. The request body is the raw
         *     payload for the workflow endpoint: it is passed on unchanged, with its content type,
         *     and the workflow reads it as its request payload.
         *
         *     Rules:
         *     1. When the trigger succeeds, the status is `200` and the body carries the id and
         *        the creation time of the run.
         *     2. When `Svc-Workflow-RunId` is sent, the run is identified by that value.
         *     3. Failure callbacks are charged as regular messages.
         *     4. A failure callback uses the retry setting (`Svc-Retries`, `Svc-Retry-Delay`) of
         *        the original request.
         *
         *     **Wildcard headers** (also listed in `x-header-prefixes`):
         *     - `Svc-Forward-<Name>: <value>`: custom header for the workflow. The prefix
         *       `Svc-Forward-` is removed and the rest of the name is sent to the workflow
         *       endpoint with the same value, so it arrives as `<Name>: <value>`.
         *     - `Svc-Failure-Callback-Forward-<Name>: <value>`: custom header for the failure
         *       callback message. The prefix `Svc-Failure-Callback-Forward-` is removed and the
         *       rest of the name is sent to the failure callback with the same value.
         *
         *     **Failure callback.** When all retries of a run are exhausted, the service POSTs a
         *     JSON report (see the `FailureReport` schema and the `workflowFailure` webhook) to
         *     the `Svc-Failure-Callback` URL, or, when that header is absent or empty, calls the
         *     failure function of the workflow server (the workflow URL itself, marked as a
         *     failure call). The headers of `Svc-Failure-Callback-Forward-*` are attached.
         *
         *     **Content type.** The `Content-Type` header is the media type of the request body
         *     (one of the three listed). Other media types are not specified by the service.
         *
         *     **Errors.** The conditions that produce each error status and the set of message
         *     texts are not specified by the service; the examples show typical messages.
         */
        post: operations["triggerWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    workflowFailure: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Failure report after the last retry
         * @description The one outbound call of the service. Sent once, after the last retry of a run has
         *     failed: to the `Svc-Failure-Callback` URL when one was given, otherwise to the
         *     workflow URL itself, marked as a failure call so that the failure function defined
         *     on the workflow server runs (how the call is marked is not specified by the
         *     service). The headers of `Svc-Failure-Callback-Forward-*` are attached with the
         *     prefix removed. The call is charged as a regular message and is retried with the
         *     retry setting of the original request. Other headers of the call are not specified
         *     by the service.
         */
        post: operations["workflowFailure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description The triggered run. Fields of a run beyond these two are not specified by the
         *     service.
         */
        TriggerResult: {
            /** @description Identifier of the run (the `Svc-Workflow-RunId` value when one was sent). */
            workflowRunId: string;
            /**
             * @description Time at which the run was created, as Unix milliseconds. The service declares
             *     the format `date-time` on this number without giving a unit; `date-time` is a
             *     string format in JSON Schema, so this description states the unit (Unix
             *     milliseconds) instead.
             */
            workflowCreatedAt: number;
        };
        /**
         * @description JSON body of the failure callback. Its shape is not specified by the service; these
         *     are the fields we rely on.
         */
        FailureReport: {
            /** @description HTTP status of the last failed attempt; 0 when no response arrived. */
            status: number;
            /** @description Response headers of the last failed attempt, by lower-case name. */
            headers: {
                [key: string]: string;
            };
            /** @description Response body of the last failed attempt, base64-encoded. */
            body: string;
            /** @description The workflow URL the run was delivered to. */
            url: string;
            /** @description Identifier of the failed run. */
            workflowRunId: string;
            /** @description Creation time of the run, Unix milliseconds. */
            workflowCreatedAt: number;
            /** @description Number of retries made before giving up. */
            retried: number;
            /** @description The run's retry setting (`Svc-Retries`). */
            maxRetries: number;
        };
        /** @description Error object of every error response. */
        Error: {
            /** @description Error message. */
            error: string;
        };
    };
    responses: {
        /** @description The run was created. */
        Triggered: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TriggerResult"];
            };
        };
        /** @description Bad request, for example a malformed `Svc-*` header. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The token is missing or invalid. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Internal server error. */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Any other error status, such as 429 when the service limits the rate of calls or 503
         *     while it is unavailable, with the same error object.
         */
        OtherError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description The absolute `http://` or `https://` URL of the workflow to trigger. It is appended
         *     raw after `/v2/trigger/` and runs to the end of the path (`x-greedy`): slashes and
         *     `://` are not encoded. Clients percent-encode only `?`, `#`, `%` and space; the
         *     server percent-decodes the path to recover the URL. The schema constrains the value
         *     after percent-decoding. A `.` or `..` path segment (even written `%2e`) cannot be
         *     sent: every HTTP client resolves dot segments in the request URL, which would change
         *     the workflow URL or climb out of it into `/v2/trigger/`. Resolve them first.
         * @example https://example.org/api/workflow
         */
        WorkflowUrl: string;
        /**
         * @description Custom id of the run. When sent, the run is identified by this value and the `200`
         *     body returns it as `workflowRunId`. When absent, a random id is generated. Its
         *     format and uniqueness rules are not specified by the service; this description only
         *     requires it to be non-empty.
         * @example order-1042
         */
        SvcWorkflowRunId: string;
        /**
         * @description Number of retries of the workflow steps after a failure (so a step is attempted at
         *     most `Svc-Retries + 1` times). This is the service's retry count for workflow steps,
         *     not an HTTP retry of this request. `0` disables step retries. Default `3`. A maximum
         *     is not specified by the service.
         * @example 5
         */
        SvcRetries: number;
        /**
         * @description Delays the delivery of the message. Format `<value><unit>`, where value is a
         *     non-negative decimal number (`10`, `1.5`) and unit is `s` (seconds), `m` (minutes),
         *     `h` (hours) or `d` (days). Several terms combine into one value and add up:
         *     `1d10h30m` is one day, ten hours and thirty minutes; units may come in any order.
         *     Decimals are allowed in every term (`1.5h` is 90 minutes). Empty values, negative
         *     values, unknown units (`10x`), bare numbers without unit and malformed numbers
         *     (`1.5.2h`) are rejected. No delay by default. A maximum delay is not specified by
         *     the service; the clients and the dev server refuse a delay longer than
         *     2^53 - 1 seconds (9007199254740991), so a 400-digit value is an error rather than
         *     an infinite delay. Ignored when `Svc-Not-Before` is also sent.
         * @example 1d10h30m
         */
        SvcDelay: string;
        /**
         * @description Delays the delivery until a future time, given as a Unix timestamp in seconds,
         *     UTC. When both `Svc-Not-Before` and `Svc-Delay` are sent, `Svc-Not-Before` takes
         *     precedence. A time in the past means no delay. No delay by default. The clients
         *     refuse a value above 1e11 (a time past the year 5000): it is almost surely
         *     milliseconds (`Date.now()`), not seconds.
         * @example 1767225600
         */
        SvcNotBefore: number;
        /**
         * @description Label(s) attached to the run, to identify it in logs and in the dead letter queue.
         *     Several labels are sent as one comma-separated list (`billing,nightly`). Spaces
         *     around a label are allowed and not part of it; an empty label (`a,,b`, a
         *     leading or trailing comma, an empty value) is rejected. No labels by default.
         * @example billing,nightly
         */
        SvcLabel: string;
        /**
         * @description Flow control key. Runs and steps with the same key share the limits set by
         *     `Svc-Flow-Control-Value`; the limits apply per key. `Svc-Flow-Control-Value` must
         *     be sent with it (and is meaningless without it): a request carrying only one of
         *     the two headers is rejected with `400`. No flow control by default.
         * @example tenant-42
         */
        SvcFlowControlKey: string;
        /**
         * @description Limits for the `Svc-Flow-Control-Key`, in the format
         *     `parallelism=<n>, rate=<n>, period=<duration>`. Each part is optional, but at least
         *     one of `parallelism` and `rate` must be present, and `period` only comes with
         *     `rate`. Parts come in this order, separated by a comma and optional spaces.
         *     - `parallelism`: positive integer; the maximum number of runs in flight with this
         *       key at any time.
         *     - `rate`: positive integer; the maximum number of starts per `period` with this key.
         *     - `period`: a duration in the `Svc-Delay` format (`1s`, `1m`, `1h30m`); defaults
         *       to `1s`.
         *     Must be sent with `Svc-Flow-Control-Key`. The clients and the dev server refuse a
         *     count or a period above 2^53 - 1 (9007199254740991).
         * @example parallelism=2, rate=10, period=1m
         */
        SvcFlowControlValue: string;
        /**
         * @description URL called when the run fails after all retries are exhausted. It must start with
         *     `http://` or `https://`. When the header is absent or empty (the default), the
         *     failure function defined on the workflow server is called instead; give a URL only
         *     to call a different endpoint. The call is a POST of a JSON `FailureReport` (HTTP
         *     status, response headers, base64 response body, url, workflowRunId,
         *     workflowCreatedAt, retried, maxRetries) with the `Svc-Failure-Callback-Forward-*`
         *     headers attached. It uses the retry setting of the original request and is charged
         *     as a regular message.
         * @example https://example.org/api/on-failure
         */
        SvcFailureCallback: string;
        /**
         * @description Expression for the delay between retry attempts of a failed step delivery,
         *     evaluated after each failed attempt. The result is in milliseconds (`1000` is one
         *     second).
         *
         *     Grammar (whitespace is allowed between tokens):
         *     ```
         *     expr    = term { ("+" | "-") term }
         *     term    = factor { ("*" | "/") factor }
         *     factor  = ["+" | "-"] factor | number | "retried" | call | "(" expr ")"
         *     call    = fn1 "(" expr ")" | fn2 "(" expr "," expr ")"
         *     fn1     = "exp" | "sqrt" | "abs" | "floor" | "ceil" | "round"
         *     fn2     = "pow" | "min" | "max"
         *     number  = digits [ "." digits ]
         *     ```
         *     `retried` is the number of retries made so far (0 for the first retry). The nine
         *     functions are exactly `pow(x, y)`, `exp(x)`, `sqrt(x)`, `abs(x)`, `floor(x)`,
         *     `ceil(x)`, `round(x)`, `min(x, y)`, `max(x, y)`, with those arities; any other name
         *     or arity is rejected with `400`. Typical shapes: a fixed number (`1000`), a linear
         *     form in `retried` (`1000 + 500 * retried`), `pow(2, retried)` scaled by a constant
         *     (`1000 * pow(2, retried)`), and `max(<constant>, <expression>)` for a minimum delay.
         *
         *     Default (header absent): exponential backoff of `min(86400, e^(2.5 * retried))`
         *     seconds. What happens with a negative or non-finite result is not specified by the
         *     service; the schema pattern only checks the allowed tokens, the grammar above is
         *     the full rule. The clients and the dev server share one parser with two limits of
         *     their own: signs, parentheses and calls nest at most 32 levels deep, and a number
         *     is at most 2^53 - 1 (9007199254740991); beyond either the expression is refused.
         * @example max(1000, 1000 * pow(2, retried))
         */
        SvcRetryDelay: string;
    };
    requestBodies: {
        /**
         * @description The raw payload for the workflow endpoint, passed on unchanged; the workflow reads
         *     it as its request payload. A maximum size is not specified by the service.
         */
        WorkflowPayload: {
            content: {
                "text/plain": string;
                "application/json": {
                    [key: string]: unknown;
                };
                "application/octet-stream": string;
            };
        };
        /** @description Report of the last failed delivery of a run. */
        FailureReport: {
            content: {
                "application/json": components["schemas"]["FailureReport"];
            };
        };
    };
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    triggerWorkflow: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Custom id of the run. When sent, the run is identified by this value and the `200`
                 *     body returns it as `workflowRunId`. When absent, a random id is generated. Its
                 *     format and uniqueness rules are not specified by the service; this description only
                 *     requires it to be non-empty.
                 * @example order-1042
                 */
                "Svc-Workflow-RunId"?: components["parameters"]["SvcWorkflowRunId"];
                /**
                 * @description Number of retries of the workflow steps after a failure (so a step is attempted at
                 *     most `Svc-Retries + 1` times). This is the service's retry count for workflow steps,
                 *     not an HTTP retry of this request. `0` disables step retries. Default `3`. A maximum
                 *     is not specified by the service.
                 * @example 5
                 */
                "Svc-Retries"?: components["parameters"]["SvcRetries"];
                /**
                 * @description Delays the delivery of the message. Format `<value><unit>`, where value is a
                 *     non-negative decimal number (`10`, `1.5`) and unit is `s` (seconds), `m` (minutes),
                 *     `h` (hours) or `d` (days). Several terms combine into one value and add up:
                 *     `1d10h30m` is one day, ten hours and thirty minutes; units may come in any order.
                 *     Decimals are allowed in every term (`1.5h` is 90 minutes). Empty values, negative
                 *     values, unknown units (`10x`), bare numbers without unit and malformed numbers
                 *     (`1.5.2h`) are rejected. No delay by default. A maximum delay is not specified by
                 *     the service; the clients and the dev server refuse a delay longer than
                 *     2^53 - 1 seconds (9007199254740991), so a 400-digit value is an error rather than
                 *     an infinite delay. Ignored when `Svc-Not-Before` is also sent.
                 * @example 1d10h30m
                 */
                "Svc-Delay"?: components["parameters"]["SvcDelay"];
                /**
                 * @description Delays the delivery until a future time, given as a Unix timestamp in seconds,
                 *     UTC. When both `Svc-Not-Before` and `Svc-Delay` are sent, `Svc-Not-Before` takes
                 *     precedence. A time in the past means no delay. No delay by default. The clients
                 *     refuse a value above 1e11 (a time past the year 5000): it is almost surely
                 *     milliseconds (`Date.now()`), not seconds.
                 * @example 1767225600
                 */
                "Svc-Not-Before"?: components["parameters"]["SvcNotBefore"];
                /**
                 * @description Label(s) attached to the run, to identify it in logs and in the dead letter queue.
                 *     Several labels are sent as one comma-separated list (`billing,nightly`). Spaces
                 *     around a label are allowed and not part of it; an empty label (`a,,b`, a
                 *     leading or trailing comma, an empty value) is rejected. No labels by default.
                 * @example billing,nightly
                 */
                "Svc-Label"?: components["parameters"]["SvcLabel"];
                /**
                 * @description Flow control key. Runs and steps with the same key share the limits set by
                 *     `Svc-Flow-Control-Value`; the limits apply per key. `Svc-Flow-Control-Value` must
                 *     be sent with it (and is meaningless without it): a request carrying only one of
                 *     the two headers is rejected with `400`. No flow control by default.
                 * @example tenant-42
                 */
                "Svc-Flow-Control-Key"?: components["parameters"]["SvcFlowControlKey"];
                /**
                 * @description Limits for the `Svc-Flow-Control-Key`, in the format
                 *     `parallelism=<n>, rate=<n>, period=<duration>`. Each part is optional, but at least
                 *     one of `parallelism` and `rate` must be present, and `period` only comes with
                 *     `rate`. Parts come in this order, separated by a comma and optional spaces.
                 *     - `parallelism`: positive integer; the maximum number of runs in flight with this
                 *       key at any time.
                 *     - `rate`: positive integer; the maximum number of starts per `period` with this key.
                 *     - `period`: a duration in the `Svc-Delay` format (`1s`, `1m`, `1h30m`); defaults
                 *       to `1s`.
                 *     Must be sent with `Svc-Flow-Control-Key`. The clients and the dev server refuse a
                 *     count or a period above 2^53 - 1 (9007199254740991).
                 * @example parallelism=2, rate=10, period=1m
                 */
                "Svc-Flow-Control-Value"?: components["parameters"]["SvcFlowControlValue"];
                /**
                 * @description URL called when the run fails after all retries are exhausted. It must start with
                 *     `http://` or `https://`. When the header is absent or empty (the default), the
                 *     failure function defined on the workflow server is called instead; give a URL only
                 *     to call a different endpoint. The call is a POST of a JSON `FailureReport` (HTTP
                 *     status, response headers, base64 response body, url, workflowRunId,
                 *     workflowCreatedAt, retried, maxRetries) with the `Svc-Failure-Callback-Forward-*`
                 *     headers attached. It uses the retry setting of the original request and is charged
                 *     as a regular message.
                 * @example https://example.org/api/on-failure
                 */
                "Svc-Failure-Callback"?: components["parameters"]["SvcFailureCallback"];
                /**
                 * @description Expression for the delay between retry attempts of a failed step delivery,
                 *     evaluated after each failed attempt. The result is in milliseconds (`1000` is one
                 *     second).
                 *
                 *     Grammar (whitespace is allowed between tokens):
                 *     ```
                 *     expr    = term { ("+" | "-") term }
                 *     term    = factor { ("*" | "/") factor }
                 *     factor  = ["+" | "-"] factor | number | "retried" | call | "(" expr ")"
                 *     call    = fn1 "(" expr ")" | fn2 "(" expr "," expr ")"
                 *     fn1     = "exp" | "sqrt" | "abs" | "floor" | "ceil" | "round"
                 *     fn2     = "pow" | "min" | "max"
                 *     number  = digits [ "." digits ]
                 *     ```
                 *     `retried` is the number of retries made so far (0 for the first retry). The nine
                 *     functions are exactly `pow(x, y)`, `exp(x)`, `sqrt(x)`, `abs(x)`, `floor(x)`,
                 *     `ceil(x)`, `round(x)`, `min(x, y)`, `max(x, y)`, with those arities; any other name
                 *     or arity is rejected with `400`. Typical shapes: a fixed number (`1000`), a linear
                 *     form in `retried` (`1000 + 500 * retried`), `pow(2, retried)` scaled by a constant
                 *     (`1000 * pow(2, retried)`), and `max(<constant>, <expression>)` for a minimum delay.
                 *
                 *     Default (header absent): exponential backoff of `min(86400, e^(2.5 * retried))`
                 *     seconds. What happens with a negative or non-finite result is not specified by the
                 *     service; the schema pattern only checks the allowed tokens, the grammar above is
                 *     the full rule. The clients and the dev server share one parser with two limits of
                 *     their own: signs, parentheses and calls nest at most 32 levels deep, and a number
                 *     is at most 2^53 - 1 (9007199254740991); beyond either the expression is refused.
                 * @example max(1000, 1000 * pow(2, retried))
                 */
                "Svc-Retry-Delay"?: components["parameters"]["SvcRetryDelay"];
            };
            path: {
                /**
                 * @description The absolute `http://` or `https://` URL of the workflow to trigger. It is appended
                 *     raw after `/v2/trigger/` and runs to the end of the path (`x-greedy`): slashes and
                 *     `://` are not encoded. Clients percent-encode only `?`, `#`, `%` and space; the
                 *     server percent-decodes the path to recover the URL. The schema constrains the value
                 *     after percent-decoding. A `.` or `..` path segment (even written `%2e`) cannot be
                 *     sent: every HTTP client resolves dot segments in the request URL, which would change
                 *     the workflow URL or climb out of it into `/v2/trigger/`. Resolve them first.
                 * @example https://example.org/api/workflow
                 */
                workflowUrl: components["parameters"]["WorkflowUrl"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["WorkflowPayload"];
        responses: {
            200: components["responses"]["Triggered"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            500: components["responses"]["InternalServerError"];
            default: components["responses"]["OtherError"];
        };
    };
    workflowFailure: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["FailureReport"];
        responses: {
            /** @description Any 2xx status marks the report as delivered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Any non-2xx status counts as a failed delivery and is retried with the retry
             *     setting of the original request.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
