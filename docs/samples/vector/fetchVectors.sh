curl -X POST "$VECTOR_URL/fetch" \
  -H "Authorization: Bearer $VECTOR_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"ids": ["doc-1", "doc-404"], "includeMetadata": true}'
