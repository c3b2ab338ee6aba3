# The workflow URL goes raw after /v2/trigger/,
# and every option of the run is a Svc-* header.
curl -X POST \
  "$WORKFLOW_URL/v2/trigger/https://example.org/api/workflow" \
  -H "Authorization: Bearer $WORKFLOW_TOKEN" \
  -H "Content-Type: application/json" \
  -H "Svc-Workflow-RunId: order-1043" \
  -H "Svc-Label: billing,nightly" \
  -H "Svc-Retries: 3" \
  -H "Svc-Retry-Delay: max(1000, 1000 * pow(2, retried))" \
  -H "Svc-Forward-X-Tenant: 42" \
  -d '{"orderId": 1043}'
