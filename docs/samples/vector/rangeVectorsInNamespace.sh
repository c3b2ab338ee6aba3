curl -X POST "$VECTOR_URL/range/products" \
  -H "Authorization: Bearer $VECTOR_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"cursor": "0", "limit": 100, "prefix": "sku-"}'
