"""The one home for the record format's names: fields, relations, enums and domains.

The validator, the entry panel and the catalogue tools all read these tuples, so a field added
to the format (DESIGN.md, "The record format") is added here once.
"""

from __future__ import annotations

REQUIRED = ("id", "signature", "regex", "domain", "category", "root_cause")

# Relations of the transition graph, in the order the window lists them.
PRECEDED_BY, LEADS_TO, CONFUSED_WITH = "preceded_by", "leads_to", "frequently_confused_with"
RELATIONS = (PRECEDED_BY, LEADS_TO, CONFUSED_WITH)
REVERSE_RELATION = {LEADS_TO: PRECEDED_BY, PRECEDED_BY: LEADS_TO, CONFUSED_WITH: CONFUSED_WITH}

TIERS = ("ai_generated", "human_reviewed", "reproduced")
STATUSES = ("active", "fixed", "deprecated", "removed")
RESOLVABLE = ("true", "false", "partial")
ROLES = ("cause", "consequence", "summary")
SOURCE_KINDS = ("upstream", "issue", "reproduced", "doc", "local")

OPTIONAL_STRINGS = (
    "signature_zh",
    "subcategory",
    "root_cause_zh",
    "root_cause_type",
    "official_doc_url",
    "official_doc_section",
    "error_code",
    "locale",
)
STRING_LISTS = (
    "workarounds_zh",
    "dead_ends_zh",
    "tags",
    "aliases",
    "examples",
    "counter_examples",
)
RATES = ("confidence", "fix_success_rate")
DATES = ("first_seen", "last_confirmed", "last_updated")
BOOLEANS = ("case_sensitive", "fires_on_info")

VERSION_FIELDS = (
    "version",
    "introduced",
    "deprecated",
    "removed",
    "behavior_change",
    "status",
    "package",
    "range",
    "fixed_in",
)
DEAD_END_FIELDS = ("action", "why_fails", "fail_rate", "condition", "sources")
WORKAROUND_FIELDS = ("action", "success_rate", "how", "condition", "sources")
LINK_FIELDS = ("error_id", "probability", "condition", "distinction")
SOURCE_FIELDS = ("kind", "repo", "path", "ref", "url", "test", "quote", "note")
VARIANT_FIELDS = ("regex", "lang", "versions", "note", "examples", "case_sensitive")

KNOWN_FIELDS = frozenset(
    (
        *REQUIRED,
        *OPTIONAL_STRINGS,
        *STRING_LISTS,
        *RATES,
        *DATES,
        *BOOLEANS,
        "versions",
        "os_specific",
        "dead_ends",
        "workarounds",
        "transition_graph",
        "verification_tier",
        "resolvable",
        "evidence_count",
        "provenance",
        "variants",
        "role",
    )
)

# Domains: one slug per ecosystem users name. The first block is the original catalogue's; the
# second was added with "Catalogue v2". A domain outside this list is a warning, not an error,
# so a user's own catalogue may name its own.
DOMAINS = frozenset(
    """python pip pytorch cuda nccl huggingface tensorflow jax numpy pandas node npm typescript
    docker kubernetes git ci java gradle maven go rust cpp postgresql mysql redis mongodb sqlite
    network linux aws gcloud azure terraform
    react nextjs vue angular webpack vite eslint jest django flask fastapi celery airflow spark
    kafka elasticsearch nginx httpd ansible helm bazel conda poetry uv jupyter php composer ruby
    bundler rails dotnet android xcode swift powershell windows vllm deepspeed triton tensorrt
    onnx ray slurm""".split()
)
