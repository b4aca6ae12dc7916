"""Runs of the checks over many inputs: settings, config files, the policy of what is
reported, batches over worker processes or a Dask cluster, the cache, and the report
formats."""
