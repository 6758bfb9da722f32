# Tests of the metric formulas (run metrics, scalability, properties, paper values).
