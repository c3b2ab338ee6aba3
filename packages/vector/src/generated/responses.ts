// Generated from specs/vector/openapi.yaml by scripts/gen.mjs. Do not edit: run `pnpm gen`.

import type { ResponseRules } from "@x/core/internal/guard";

/**
 * What the spec declares for the answers of each operation, by path template and method:
 * per status, the media types, the required response headers and a compact schema of the
 * JSON body. Imported only by the `/guard` entry point.
 */
export const responseRules: ResponseRules = {
  "/range": {
    "POST": {
      "operation": "POST /range",
      "responses": {
        "200": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "result": {
                "type": "object",
                "properties": {
                  "nextCursor": {
                    "type": "string"
                  },
                  "vectors": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "id": {
                          "type": "string"
                        },
                        "vector": {
                          "type": "array",
                          "items": {
                            "type": "number"
                          }
                        },
                        "sparseVector": {
                          "type": "object",
                          "properties": {
                            "indices": {
                              "type": "array",
                              "items": {
                                "type": "integer"
                              }
                            },
                            "values": {
                              "type": "array",
                              "items": {
                                "type": "number"
                              }
                            }
                          },
                          "required": [
                            "indices",
                            "values"
                          ]
                        },
                        "metadata": {
                          "type": "object"
                        },
                        "data": {
                          "type": "string"
                        }
                      },
                      "required": [
                        "id"
                      ]
                    }
                  }
                },
                "required": [
                  "nextCursor",
                  "vectors"
                ]
              }
            },
            "required": [
              "result"
            ]
          }
        },
        "400": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "401": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "default": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        }
      }
    }
  },
  "/range/{namespace}": {
    "POST": {
      "operation": "POST /range/{namespace}",
      "responses": {
        "200": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "result": {
                "type": "object",
                "properties": {
                  "nextCursor": {
                    "type": "string"
                  },
                  "vectors": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "id": {
                          "type": "string"
                        },
                        "vector": {
                          "type": "array",
                          "items": {
                            "type": "number"
                          }
                        },
                        "sparseVector": {
                          "type": "object",
                          "properties": {
                            "indices": {
                              "type": "array",
                              "items": {
                                "type": "integer"
                              }
                            },
                            "values": {
                              "type": "array",
                              "items": {
                                "type": "number"
                              }
                            }
                          },
                          "required": [
                            "indices",
                            "values"
                          ]
                        },
                        "metadata": {
                          "type": "object"
                        },
                        "data": {
                          "type": "string"
                        }
                      },
                      "required": [
                        "id"
                      ]
                    }
                  }
                },
                "required": [
                  "nextCursor",
                  "vectors"
                ]
              }
            },
            "required": [
              "result"
            ]
          }
        },
        "400": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "401": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "404": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "default": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        }
      }
    }
  },
  "/query": {
    "POST": {
      "operation": "POST /query",
      "responses": {
        "200": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "result": {
                "anyOf": [
                  {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "id": {
                          "type": "string"
                        },
                        "vector": {
                          "type": "array",
                          "items": {
                            "type": "number"
                          }
                        },
                        "sparseVector": {
                          "type": "object",
                          "properties": {
                            "indices": {
                              "type": "array",
                              "items": {
                                "type": "integer"
                              }
                            },
                            "values": {
                              "type": "array",
                              "items": {
                                "type": "number"
                              }
                            }
                          },
                          "required": [
                            "indices",
                            "values"
                          ]
                        },
                        "metadata": {
                          "type": "object"
                        },
                        "data": {
                          "type": "string"
                        },
                        "score": {
                          "type": "number"
                        }
                      },
                      "required": [
                        "id",
                        "score"
                      ]
                    }
                  },
                  {
                    "type": "array",
                    "items": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "properties": {
                          "id": {
                            "type": "string"
                          },
                          "vector": {
                            "type": "array",
                            "items": {
                              "type": "number"
                            }
                          },
                          "sparseVector": {
                            "type": "object",
                            "properties": {
                              "indices": {
                                "type": "array",
                                "items": {
                                  "type": "integer"
                                }
                              },
                              "values": {
                                "type": "array",
                                "items": {
                                  "type": "number"
                                }
                              }
                            },
                            "required": [
                              "indices",
                              "values"
                            ]
                          },
                          "metadata": {
                            "type": "object"
                          },
                          "data": {
                            "type": "string"
                          },
                          "score": {
                            "type": "number"
                          }
                        },
                        "required": [
                          "id",
                          "score"
                        ]
                      }
                    }
                  }
                ]
              }
            },
            "required": [
              "result"
            ]
          }
        },
        "400": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "401": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "422": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "default": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        }
      }
    }
  },
  "/query/{namespace}": {
    "POST": {
      "operation": "POST /query/{namespace}",
      "responses": {
        "200": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "result": {
                "anyOf": [
                  {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "id": {
                          "type": "string"
                        },
                        "vector": {
                          "type": "array",
                          "items": {
                            "type": "number"
                          }
                        },
                        "sparseVector": {
                          "type": "object",
                          "properties": {
                            "indices": {
                              "type": "array",
                              "items": {
                                "type": "integer"
                              }
                            },
                            "values": {
                              "type": "array",
                              "items": {
                                "type": "number"
                              }
                            }
                          },
                          "required": [
                            "indices",
                            "values"
                          ]
                        },
                        "metadata": {
                          "type": "object"
                        },
                        "data": {
                          "type": "string"
                        },
                        "score": {
                          "type": "number"
                        }
                      },
                      "required": [
                        "id",
                        "score"
                      ]
                    }
                  },
                  {
                    "type": "array",
                    "items": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "properties": {
                          "id": {
                            "type": "string"
                          },
                          "vector": {
                            "type": "array",
                            "items": {
                              "type": "number"
                            }
                          },
                          "sparseVector": {
                            "type": "object",
                            "properties": {
                              "indices": {
                                "type": "array",
                                "items": {
                                  "type": "integer"
                                }
                              },
                              "values": {
                                "type": "array",
                                "items": {
                                  "type": "number"
                                }
                              }
                            },
                            "required": [
                              "indices",
                              "values"
                            ]
                          },
                          "metadata": {
                            "type": "object"
                          },
                          "data": {
                            "type": "string"
                          },
                          "score": {
                            "type": "number"
                          }
                        },
                        "required": [
                          "id",
                          "score"
                        ]
                      }
                    }
                  }
                ]
              }
            },
            "required": [
              "result"
            ]
          }
        },
        "400": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "401": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "404": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "422": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "default": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        }
      }
    }
  },
  "/fetch": {
    "POST": {
      "operation": "POST /fetch",
      "responses": {
        "200": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "result": {
                "type": "array",
                "items": {
                  "anyOf": [
                    {
                      "type": "object",
                      "properties": {
                        "id": {
                          "type": "string"
                        },
                        "vector": {
                          "type": "array",
                          "items": {
                            "type": "number"
                          }
                        },
                        "sparseVector": {
                          "type": "object",
                          "properties": {
                            "indices": {
                              "type": "array",
                              "items": {
                                "type": "integer"
                              }
                            },
                            "values": {
                              "type": "array",
                              "items": {
                                "type": "number"
                              }
                            }
                          },
                          "required": [
                            "indices",
                            "values"
                          ]
                        },
                        "metadata": {
                          "type": "object"
                        },
                        "data": {
                          "type": "string"
                        }
                      },
                      "required": [
                        "id"
                      ]
                    },
                    {
                      "type": "null"
                    }
                  ]
                }
              }
            },
            "required": [
              "result"
            ]
          }
        },
        "400": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "401": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "default": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        }
      }
    }
  },
  "/fetch/{namespace}": {
    "POST": {
      "operation": "POST /fetch/{namespace}",
      "responses": {
        "200": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "result": {
                "type": "array",
                "items": {
                  "anyOf": [
                    {
                      "type": "object",
                      "properties": {
                        "id": {
                          "type": "string"
                        },
                        "vector": {
                          "type": "array",
                          "items": {
                            "type": "number"
                          }
                        },
                        "sparseVector": {
                          "type": "object",
                          "properties": {
                            "indices": {
                              "type": "array",
                              "items": {
                                "type": "integer"
                              }
                            },
                            "values": {
                              "type": "array",
                              "items": {
                                "type": "number"
                              }
                            }
                          },
                          "required": [
                            "indices",
                            "values"
                          ]
                        },
                        "metadata": {
                          "type": "object"
                        },
                        "data": {
                          "type": "string"
                        }
                      },
                      "required": [
                        "id"
                      ]
                    },
                    {
                      "type": "null"
                    }
                  ]
                }
              }
            },
            "required": [
              "result"
            ]
          }
        },
        "400": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "401": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "404": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "default": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        }
      }
    }
  },
  "/info": {
    "GET": {
      "operation": "GET /info",
      "responses": {
        "200": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "result": {
                "type": "object",
                "properties": {
                  "vectorCount": {
                    "type": "integer"
                  },
                  "pendingVectorCount": {
                    "type": "integer"
                  },
                  "indexSize": {
                    "type": "integer"
                  },
                  "dimension": {
                    "type": "integer"
                  },
                  "similarityFunction": {
                    "type": "string"
                  },
                  "indexType": {
                    "enum": [
                      "DENSE",
                      "SPARSE",
                      "HYBRID"
                    ]
                  },
                  "denseIndex": {
                    "type": "object",
                    "properties": {
                      "dimension": {
                        "type": "integer"
                      },
                      "similarityFunction": {
                        "enum": [
                          "COSINE",
                          "EUCLIDEAN",
                          "DOT_PRODUCT"
                        ]
                      },
                      "embeddingModel": {
                        "type": "string"
                      }
                    },
                    "required": [
                      "dimension",
                      "similarityFunction",
                      "embeddingModel"
                    ]
                  },
                  "sparseIndex": {
                    "type": "object",
                    "properties": {
                      "embeddingModel": {
                        "type": "string"
                      }
                    },
                    "required": [
                      "embeddingModel"
                    ]
                  },
                  "namespaces": {
                    "type": "object",
                    "additional": {
                      "type": "object",
                      "properties": {
                        "vectorCount": {
                          "type": "integer"
                        },
                        "pendingVectorCount": {
                          "type": "integer"
                        }
                      },
                      "required": [
                        "vectorCount",
                        "pendingVectorCount"
                      ]
                    }
                  }
                },
                "required": [
                  "vectorCount",
                  "pendingVectorCount",
                  "indexSize",
                  "dimension",
                  "similarityFunction",
                  "indexType",
                  "namespaces"
                ]
              }
            },
            "required": [
              "result"
            ]
          }
        },
        "401": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        },
        "default": {
          "contentTypes": [
            "application/json"
          ],
          "headers": [],
          "body": {
            "type": "object",
            "properties": {
              "error": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              }
            },
            "required": [
              "error",
              "status"
            ]
          }
        }
      }
    }
  }
};
