// The text of `x-dev --help`.

export const HELP = `Usage: x-dev start [options]

Runs local emulators of the workflow and vector services until Ctrl+C, with a dashboard of
runs and vectors at the workflow URL (the banner prints its address with the token).

VECTOR_TOKEN=<token> x-dev import --from <vector URL> --state <file> copies a live index
into a state file that --state serves; "x-dev import --help" lists its options.

x-dev probe --vector <URL> (or --workflow <URL> --url <your endpoint>) checks a live
service's answers against the spec through the clients' spec guard; "x-dev probe --help"
lists its options.

Options:
  --host <host>            interface to bind (default 127.0.0.1); 0.0.0.0 binds every
                           interface: anyone who reaches this machine and has the token
                           can read and change every record and run
  --workflow-port <port>   workflow service port (default 8080; 0 picks a free one)
  --vector-port <port>     vector service port (default 8081; 0 picks a free one)
  --token <token>          token both services accept (default: a random one, printed)
  --dimension <n>          dense dimension of the vector index (default 384)
  --metric <name>          COSINE | EUCLIDEAN | DOT_PRODUCT (default COSINE)
  --type <name>            DENSE | SPARSE | HYBRID (default DENSE)
  --seed <file>            JSON array or JSON Lines of vector records to upsert at start
                           ({ id, vector?, sparseVector?, metadata?, data?, namespace? })
  --clock <mode>           real (default) | manual: under manual, time stands still until
                           POST /v2/dev/clock (or the dashboard) advances it
  --start-at <time>        where the manual clock starts: Unix ms or an ISO date
                           (default: now)
  --random-seed <n>        run ids from this seed: the same requests give the same
                           answers on every start (with --start-at; the token stays random
                           unless --token gives one)
  --time-scale <factor>    multiply workflow delays and backoff (0.01: 1 s becomes 10 ms)
  --delivery-timeout <ms>  cut a delivery attempt that takes longer (default 30000)
  --cors-origin <origins>  browser origins allowed to call, comma-separated (default *)
  --kit-origin <origins>   browser origins, besides the dashboard's, allowed to call the
                           test kit's /v2/dev/ routes, comma-separated or * (default none)
  --state <file>           load a snapshot (runs, vectors, clock, faults) from FILE at start
                           (if it exists) and save one there on stop, on SIGTERM, or when
                           the process that started x-dev goes away
  --quiet                  do not print one line per request and workflow event (what the
                           state file did, loaded or saved, is still printed)
  --log-polls              also print the dashboard's own polling requests
  -h, --help               show this help
  -v, --version            print the version of x-dev

Limits (the services state none; these are this server's, each answered with a 400):
  --max-answer-bytes <n>   bytes of records in one vector answer (default 67108864)
  --max-filter-length <n>  characters of a filter: query, scan, delete (default 16384)
  --max-glob-length <n>    characters of one GLOB pattern (default 1024)
  --max-filter-steps <n>   steps of filter work in one request (default 5000000)
  --max-fetch-ids <n>      ids in one fetch (default 1000)
  --max-batch-queries <n>  queries in one batch query (default 100)
  --max-top-k <n>          topK of a query (default 1000)
  --max-range-limit <n>    limit of a range (default 1000)
  --max-namespaces <n>     namespaces of the index, the default one included (default 10000)
  --max-retries <n>        largest Svc-Retries (default 100)
  --max-report-body-bytes <n>
                           bytes of an endpoint's answer kept in a failure report
                           (default 1048576; the report then says bodyTruncated)
  --max-kit-bytes <n>      bytes of JSON in one test-kit answer or upload: GET and PUT
                           /v2/dev/snapshot, GET /v2/dev/faults (default 268435456)
  Request bodies over 10 MiB are refused with 413 on both services.

Dev-only routes, besides each service's own (same token):
  on the workflow port:
  GET /                    the dashboard
  GET /v2/dev/runs         every run with its attempts; ?state=retrying&label=a&limit=20
  GET /v2/dev/runs/<id>    one run
  DELETE /v2/dev/runs/<id> cancel a run: it is never delivered again
  GET /v2/dev/clock        { mode, now, nextDueAt? }
  POST /v2/dev/clock       {"advance":"1d"} or {"advanceMs":86400000} (--clock manual):
                           moves time and answers once the work due in between has run
  on the vector port:
  POST /upsert[/<ns>]      add or replace records { id, vector?, sparseVector?, metadata?, data? }
  POST /delete[/<ns>]      delete records by exactly one of { ids }, { prefix }, { filter }
  POST /reset[/<ns>]       empty the default namespace (or <ns>); ?all empties every one
  POST /scan[/<ns>]        records in insertion order through a filter: { cursor?, limit?, filter? }
  on either port:
  GET /v2/dev/faults       the fault rules, and the requests they were applied to
  POST /v2/dev/faults      add one; answers { id }: {"service":"vector","path":"/query/{namespace}",
                           "status":503,"headers":{"retry-after":"1"},"times":2}; or "delayMs":
                           300; or "drop": "reset" | "hang" | "truncate"; "times": "Infinity"
  DELETE /v2/dev/faults[/<id>]
                           clear one rule, or every rule
  GET /v2/dev/snapshot     both services' state as JSON (the state file's format)
  PUT /v2/dev/snapshot     put a snapshot back; deliveries in flight are cancelled first
`;
