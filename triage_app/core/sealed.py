"""Cache files that only this user's own runs of this program can have written.

Some cache files hold what must not come from anyone else: a pickled matcher (unpickling can
run code), compiled Hyperscan databases (loading a hostile one is unsafe), compiled regex
programs. Each is written with an HMAC-SHA256 over its head and body, made with a secret only
this user can read (`user_key`, in the user data folder: a cache folder copied from elsewhere
does not bring it), and is read back only when the HMAC checks out: a file written by someone
else, for another key, or damaged, is then simply not there. Writes are atomic (a temporary
file renamed into place), so a reader sees a whole old file or a whole new one.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import tempfile
from pathlib import Path

from triage_app.core import paths

KEY_FILE = "cache-key"
_DIGEST = hashlib.sha256().digest_size


def user_key(folder: Path | None = None) -> bytes | None:
    """This user's secret for authenticating cache files (made on first use, readable by the
    user only, in the user data folder: a cache folder copied from elsewhere does not bring
    it). None when it cannot be read or made: nothing is then loaded or stored."""
    path = (folder or paths.user_data_dir()) / KEY_FILE
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-key-", dir=path.parent)  # mode 0600
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(os.urandom(32))
            with contextlib.suppress(FileExistsError):  # another process made one first
                os.link(tmp, path)  # atomic, and never replaces a key in use
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        return _read_key(path)
    except OSError:
        return None


def _read_key(path: Path) -> bytes | None:
    key = path.read_bytes()
    return key if len(key) == 32 else None


def read_sealed(path: Path, head: bytes) -> memoryview | None:
    """The body of a file written by `write_sealed` with `head`, or None when there is none or
    it fails the check (written by someone else, for another key, damaged)."""
    secret = user_key()
    if secret is None:
        return None
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    if not raw.startswith(head) or len(raw) < len(head) + _DIGEST:
        return None
    stored, body = raw[len(head) : len(head) + _DIGEST], memoryview(raw)[len(head) + _DIGEST :]
    if not hmac.compare_digest(stored, mac(secret, head, body)):
        return None
    return body


def write_sealed(path: Path, head: bytes, body: bytes | memoryview) -> bool:
    """Write `head`, an HMAC of it and `body` with this user's key, and `body`, atomically;
    False when it cannot be written (nothing is then lost)."""
    secret = user_key()
    if secret is None:
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(head + mac(secret, head, memoryview(body)) + body)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError:
        return False
    return True


def mac(secret: bytes, head: bytes, body: memoryview) -> bytes:
    digest = hmac.new(secret, head, hashlib.sha256)
    digest.update(body)
    return digest.digest()
