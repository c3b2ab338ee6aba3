curl -X POST "$VECTOR_URL/fetch/products" \
  -H "Authorization: Bearer $VECTOR_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"prefix": "sku-", "includeVectors": true}'
