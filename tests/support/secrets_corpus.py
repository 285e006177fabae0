"""Fake secrets in the providers' documented formats, inside realistic log lines.

Written from the formats the providers document (prefixes, lengths, alphabets), not from the
redactor's patterns. Every value is random, so none is a real credential. Each item is
(line, secret): the redacted line must no longer contain `secret`.
"""

from __future__ import annotations

import base64
import json
import random
import string

ALNUM = string.ascii_letters + string.digits
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
UPPER_NUM = string.ascii_uppercase + string.digits


def _r(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _jwt(rng: random.Random) -> str:
    def part(obj: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).rstrip(b"=").decode()

    head = part({"alg": "HS256", "typ": "JWT"})
    body = part(
        {"sub": str(rng.randint(1, 10**9)), "exp": rng.randint(1_700_000_000, 1_900_000_000)}
    )
    return f"{head}.{body}.{_r(rng, B64URL, 43)}"


def secrets(rng: random.Random) -> list[tuple[str, str]]:
    """(kind, secret value) in documented formats."""
    user = rng.choice(["deploy", "ci-bot", "alice", "svc_app"])
    pw = _r(rng, ALNUM + "!#%^*", rng.randint(10, 20))
    return [
        ("aws access key id", "AKIA" + _r(rng, UPPER_NUM, 16)),
        ("aws temporary key id", "ASIA" + _r(rng, UPPER_NUM, 16)),
        ("aws secret access key", _r(rng, B64, 40)),
        ("github classic token", rng.choice(["ghp_", "gho_", "ghs_", "ghu_"]) + _r(rng, ALNUM, 36)),
        ("github fine-grained", "github_pat_" + _r(rng, ALNUM, 22) + "_" + _r(rng, ALNUM, 59)),
        ("gitlab pat", "glpat-" + _r(rng, ALNUM + "_-", 20)),
        (
            "slack bot token",
            f"xoxb-{rng.randint(10**10, 10**12)}-{rng.randint(10**10, 10**12)}-{_r(rng, ALNUM, 24)}",
        ),
        ("stripe live key", "sk_live_" + _r(rng, ALNUM, 24)),
        ("hugging face token", "hf_" + _r(rng, string.ascii_letters, 34)),
        ("openai project key", "sk-proj-" + _r(rng, B64URL, 48) + _r(rng, ALNUM, 8)),
        ("anthropic key", "sk-ant-api03-" + _r(rng, B64URL, 93) + "AA"),
        ("google api key", "AIza" + _r(rng, ALNUM + "_-", 35)),
        ("npm token", "npm_" + _r(rng, ALNUM, 36)),
        ("pypi token", "pypi-AgEIcHlwaS5vcmc" + _r(rng, B64URL, 120)),
        ("jwt", _jwt(rng)),
        ("sendgrid key", f"SG.{_r(rng, B64URL, 22)}.{_r(rng, B64URL, 43)}"),
        ("twilio sid", "AC" + _r(rng, "0123456789abcdef", 32)),
        ("azure storage key", _r(rng, B64, 86) + "=="),
        ("password", pw),
        ("opaque bearer token", _r(rng, ALNUM, 40)),
        ("basic credentials", base64.b64encode(f"{user}:{pw}".encode()).decode()),
        ("django secret key", _r(rng, ALNUM + "!@#$%^&*(-_=+)", 50)),
    ]


TEMPLATES = {
    "aws access key id": [
        "2026-03-01T12:00:01Z INFO env: AWS_ACCESS_KEY_ID={s}",
        "botocore.credentials DEBUG Found credentials in environment variables. access_key={s}",
        "+ aws configure set aws_access_key_id {s}",
    ],
    "aws temporary key id": ["[debug] assumed role, credentials: AccessKeyId: {s}"],
    "aws secret access key": [
        "+ export AWS_SECRET_ACCESS_KEY={s}",
        "aws_secret_access_key = {s}",
    ],
    "github classic token": [
        "+ git clone https://x-access-token:{s}@github.com/acme/app.git",
        "##[debug]Setting env GITHUB_TOKEN={s}",
        "remote: Invalid username or password. token {s}",
    ],
    "github fine-grained": ["GH_TOKEN={s} gh release create v1.2.0"],
    "gitlab pat": ["$ git push https://oauth2:{s}@gitlab.com/acme/app.git HEAD:main"],
    "slack bot token": ["slack_sdk.web.base_client DEBUG Sending a request - token: {s}"],
    "stripe live key": ["stripe.error.AuthenticationError: Invalid API Key provided: {s}"],
    "hugging face token": [
        "export HF_TOKEN={s}",
        "huggingface-cli login --token {s}",
    ],
    "openai project key": ["openai.AuthenticationError: Incorrect API key provided: {s}."],
    "anthropic key": ["ANTHROPIC_API_KEY={s} python agent.py"],
    "google api key": [
        "GET https://maps.googleapis.com/maps/api/geocode/json?address=x&key={s} 403"
    ],
    "npm token": ["npm verb config //registry.npmjs.org/:_authToken={s}"],
    "pypi token": ["+ twine upload -u __token__ -p {s} dist/*"],
    "jwt": [
        "DEBUG request headers: {{'Authorization': 'Bearer {s}'}}",
        "Set-Cookie: session={s}; Path=/; HttpOnly",
    ],
    "sendgrid key": ["SENDGRID_API_KEY={s}"],
    "twilio sid": ["twilio.base.exceptions.TwilioRestException: account {s} unauthorized"],
    "azure storage key": [
        "DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={s};EndpointSuffix=core.windows.net",
    ],
    "password": [
        "sqlalchemy.exc.OperationalError: connection to postgresql://app:{s}@db.internal:5432/prod failed",
        "mongodb+srv://admin:{s}@cluster0.abcde.mongodb.net/?retryWrites=true",
        "redis.exceptions.AuthenticationError: redis://:{s}@cache:6379/0",
        "DB_PASSWORD={s}",
        "password: {s}",
        "+ mysql -u root --password={s} -e 'select 1'",
        "+ docker login -u ci-bot -p {s} registry.example.com",
        "Server=tcp:acme.database.windows.net,1433;User ID=app;Password={s};Encrypt=True",
    ],
    "opaque bearer token": [
        "curl -H 'Authorization: Bearer {s}' https://api.example.com/v1/jobs",
        "< HTTP/1.1 401 Unauthorized (sent Authorization: token {s})",
    ],
    "basic credentials": ["> Authorization: Basic {s}"],
    "django secret key": ["SECRET_KEY = '{s}'"],
}


def secrets_corpus(seed: int = 0, rounds: int = 20) -> list[tuple[str, str, str]]:
    """(kind, line, secret) items: every template with fresh random secrets, `rounds` times."""
    rng = random.Random(seed)
    items = []
    for _ in range(rounds):
        for kind, value in secrets(rng):
            for template in TEMPLATES[kind]:
                items.append((kind, template.format(s=value), value))
    return items


PEM_BLOCK = """-----BEGIN OPENSSH PRIVATE KEY-----
{body1}
{body2}
-----END OPENSSH PRIVATE KEY-----"""


def pem_lines(seed: int = 0) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    body = [_r(rng, B64, 70), _r(rng, B64, 70)]
    return PEM_BLOCK.format(body1=body[0], body2=body[1]).splitlines(), body


def tricky_healthy_lines(seed: int = 0, rounds: int = 30) -> list[str]:
    """Healthy lines full of long random-looking values that are not secrets: git hashes,
    digests, integrity strings, UUIDs, build ids, k8s names, base64 payloads of healthy
    output. None may be redacted."""
    rng = random.Random(seed)
    hexd = "0123456789abcdef"
    out = []
    for _ in range(rounds):
        sha1, sha256 = _r(rng, hexd, 40), _r(rng, hexd, 64)
        uuid = "-".join(_r(rng, hexd, n) for n in (8, 4, 4, 4, 12))
        b64 = base64.b64encode(rng.randbytes(48)).decode()
        out += [
            f"commit {sha1}",
            f"HEAD is now at {sha1[:7]} Merge pull request #{rng.randint(1, 9999)} from acme/feature",
            f" * branch            main       -> FETCH_HEAD ({sha1})",
            f"Successfully built app-1.0.0-py3-none-any.whl sha256={sha256}",
            f"  Stored in directory: /root/.cache/pip/wheels/{sha1[:2]}/{sha1[2:4]}/{sha1[4:]}",
            f'    "integrity": "sha512-{b64}{b64[:20]}==",',
            f"npm http fetch GET 200 https://registry.npmjs.org/react/-/react-18.2.0.tgz {rng.randint(5, 90)}ms (cache hit)",
            f"#7 writing image sha256:{sha256} done",
            f"Digest: sha256:{sha256}",
            f"Status: Downloaded newer image for nginx@sha256:{sha256}",
            f"pod/web-{_r(rng, 'bcdfghjklmnpqrstvwxz2456789', 10)}-{_r(rng, 'bcdfghjklmnpqrstvwxz2456789', 5)} created",
            f"Run id: {uuid}, artifacts in /tmp/runs/{uuid}/checkpoints",
            f"INFO  [alembic.runtime.migration] Running upgrade {sha1[:12]} -> {sha1[12:24]}, add users table",
            f"wandb: Syncing run {_r(rng, 'abcdefghijklmnopqrstuvwxyz0123456789', 8)} to https://wandb.ai/acme/proj/runs/{_r(rng, 'abcdefghijklmnopqrstuvwxyz0123456789', 8)}",
            f"Downloading https://files.pythonhosted.org/packages/{sha1[:2]}/{sha1[2:4]}/{sha256[:60]}/numpy-2.1.3-cp312-cp312-manylinux_2_17_x86_64.whl (16.0 MB)",
            f"[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/org/slf4j/slf4j-api/2.0.9/slf4j-api-2.0.9.jar ({rng.randint(10, 90)} kB at {rng.randint(100, 900)} kB/s)",
            f"Cache restored from key: Linux-node-{sha256}",
            f"tokenizer_config.json: 100%|██████████| {rng.randint(1, 9)}.{rng.randint(10, 99)}k/{rng.randint(1, 9)}.{rng.randint(10, 99)}k [00:00<00:00, 1.2MB/s]",
            f"Epoch {rng.randint(1, 90)}: loss={rng.random():.4f} tokens/s={rng.randint(1000, 90000)} max_tokens=4096",
            f"cert fingerprint SHA256:{b64[:43]}",
            f"Saved checkpoint to s3://acme-ml/runs/{uuid}/step-{rng.randint(1, 99999)}.safetensors",
            "kubectl apply -f deploy.yaml --token-file=/var/run/secrets/token",
            f"password authentication succeeded for user app (session {rng.randint(1, 99999)})",
        ]
    return out
