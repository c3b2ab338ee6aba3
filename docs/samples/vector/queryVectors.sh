curl -X POST "$VECTOR_URL/query" \
  -H "Authorization: Bearer $VECTOR_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"vector": [0.1, 0.2, 0.3], "topK": 5,
       "includeMetadata": true, "filter": "year >= 2000"}'
