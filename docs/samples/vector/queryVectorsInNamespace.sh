curl -X POST "$VECTOR_URL/query/products" \
  -H "Authorization: Bearer $VECTOR_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"vector": [0.9, 0.1, 0.0], "topK": 3}'
