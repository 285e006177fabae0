"""Fleet triage: scan many logs at once on Dask (the optional extra `fleet`).

Qt-free. `inputs` expands what the user named into scan inputs, `tasks` is what runs on a
worker, `results_file` writes and resumes the JSON-lines output, `summary` tabulates it, and
`runner` drives a Dask cluster (a local one by default).
"""

SCHEMA = "triage-batch/1"
