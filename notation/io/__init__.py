"""Reading and writing files: the one input path (compression, encodings, folders, JSON) and
the one output path (atomic writes, refusals)."""
