curl "$VECTOR_URL/info" \
  -H "Authorization: Bearer $VECTOR_TOKEN"
