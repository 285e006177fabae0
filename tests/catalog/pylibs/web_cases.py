"""Flask, FastAPI/Starlette under uvicorn, pydantic and SQLAlchemy failing for real."""

from __future__ import annotations

import contextlib
import http.client
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from . import Case, run, run_snippets, write

CASES: list[Case] = [
    ("flask/could-not-locate-application", "flask-cli", "Could not locate a Flask application"),
    ("flask/dev-server-port-in-use", "flask-cli", "is in use by another program"),
    ("flask/working-outside-application-context", "flask", "outside of application context"),
    ("flask/working-outside-request-context", "flask", "outside of request context"),
    ("flask/view-mapping-overwriting-endpoint", "flask", "View function mapping is overwriting"),
    ("flask/session-no-secret-key", "flask", "The session is unavailable"),
    ("flask/view-did-not-return-valid-response", "flask", "did not return a valid response"),
    ("flask/url-build-error", "flask", "Could not build url for endpoint"),
    ("fastapi/invalid-args-for-response-field", "fastapi", "Invalid args for response field"),
    ("fastapi/python-multipart-required", "fastapi", 'requires "python-multipart"'),
    ("fastapi/response-validation-error", "fastapi", "ResponseValidationError:"),
    ("fastapi/websocket-receive-after-disconnect", "fastapi", "WebSocketDisconnected: Cannot call"),
    ("fastapi/exception-in-asgi-application", "uvicorn", "Exception in ASGI application"),
    ("fastapi/uvicorn-invalid-http-request", "uvicorn", "Invalid HTTP request received"),
    ("fastapi/uvicorn-error-loading-asgi-app", "uvicorn-import", "Error loading ASGI app"),
    ("flask/failed-to-find-application", "flask-cli", "Failed to find Flask application"),
    ("flask/import-error-while-importing", "flask-cli", "an ImportError was raised"),
    ("flask/exception-on-route", "flask", "ERROR in app: Exception on /session"),
    ("flask/template-not-found", "flask", "TemplateNotFound: index.html"),
    ("flask/bad-request-key-error", "flask", "BadRequestKeyError: 400 Bad Request"),
    ("fastapi/status-code-must-not-have-body", "fastapi", "AssertionError: Status code 204"),
    ("fastapi/prefix-and-path-empty", "fastapi", "FastAPIError: Prefix and path"),
    ("fastapi/h11-too-much-data", "uvicorn", "LocalProtocolError: Too much data"),
    ("fastapi/uvicorn-address-in-use", "uvicorn-again", "address already in use"),
    ("fastapi/uvicorn-reload-needs-import-string", "uvicorn-reload", "as an import string"),
    ("python/pydantic-non-annotated-attribute", "pydantic", "A non-annotated attribute"),
    ("python/pydantic-schema-generation-error", "pydantic", "Unable to generate pydantic-core"),
    ("python/pydantic-orm-mode-renamed", "pydantic", "'orm_mode' has been renamed"),
    ("python/pydantic-deprecated-since-20", "pydantic", "PydanticDeprecatedSince20: The `dict`"),
    ("python/sqlalchemy-detached-instance", "sqlalchemy", "is not bound to a Session"),
    ("python/sqlalchemy-queuepool-limit", "sqlalchemy", "QueuePool limit of size"),
    ("python/sqlalchemy-textual-sql-needs-text", "sqlalchemy", "should be explicitly declared"),
    ("python/sqlalchemy-object-not-executable", "sqlalchemy", "Not an executable object"),
    ("python/sqlalchemy-cant-load-dialect", "sqlalchemy", "NoSuchModuleError: Can't load plugin"),
    ("python/sqlalchemy-pending-rollback", "sqlalchemy", "PendingRollbackError:"),
    ("python/sqlalchemy-mapper-failed-to-locate-name", "sqlalchemy", "failed to locate a name"),
    ("python/sqlalchemy-table-already-defined", "sqlalchemy", "is already defined for this"),
    ("python/sqlalchemy-no-primary-key", "sqlalchemy", "could not assemble any primary key"),
    ("python/sqlalchemy-missing-greenlet", "sqlalchemy", "greenlet_spawn has not been called"),
]

FLASK_PRELUDE = """
import logging
from flask import Flask, current_app, request, session, url_for, render_template
app = Flask("shop")
app.config["PROPAGATE_EXCEPTIONS"] = False
@app.route("/session")
def use_session():
    session["cart"] = 1
    return "ok"
@app.route("/none")
def none():
    return None
@app.route("/login", methods=["POST"])
def login():
    return request.form["username"]
@app.route("/")
def index():
    return render_template("index.html")
client = app.test_client()
"""

FLASK = {
    "app-context": "current_app.name",
    "request-context": "request.args",
    "endpoint": (
        "def login_required():\n    def wrapper():\n        return 'x'\n    return wrapper\n"
        "app.add_url_rule('/a', view_func=login_required())\n"
        "app.add_url_rule('/b', view_func=login_required())"
    ),
    "session": "client.get('/session')",
    "none": "app.config['PROPAGATE_EXCEPTIONS'] = True\nclient.get('/none')",
    "build": "with app.test_request_context():\n    url_for('indexx')",
    "template": "app.config['PROPAGATE_EXCEPTIONS'] = True\nclient.get('/')",
    "form": (
        "app.config['PROPAGATE_EXCEPTIONS'] = True\napp.debug = True\n"
        "client.post('/login', data={'user': 'ann'})"
    ),
}

FASTAPI_PRELUDE = """
import threading
from fastapi import APIRouter, FastAPI, Form, WebSocket
from fastapi.testclient import TestClient
from pydantic import BaseModel
class Item(BaseModel):
    name: str
    price: float
app = FastAPI()
@app.get("/item", response_model=Item)
def item():
    return {"name": "pen"}
@app.websocket("/ws")
async def ws(websocket: WebSocket):
    await websocket.accept()
    await websocket.receive()
    await websocket.receive()
    await websocket.receive()
"""

FASTAPI = {
    "response-field": (
        "app2 = FastAPI()\n@app2.get('/lock')\ndef lock() -> threading.Lock:\n    return None"
    ),
    "multipart": (
        "app2 = FastAPI()\n@app2.post('/login')\ndef login(user: str = Form()):\n    return user"
    ),
    "response": "TestClient(app).get('/item')",
    "websocket": "with TestClient(app).websocket_connect('/ws') as s:\n    s.close()",
    "status": (
        "app2 = FastAPI()\n@app2.delete('/items/{i}', status_code=204)\n"
        "def delete(i: int) -> Item:\n    return None"
    ),
    "prefix": (
        "router = APIRouter()\n@router.get('')\ndef root():\n    return 1\n"
        "FastAPI().include_router(router)"
    ),
}

PYDANTIC_PRELUDE = """
import warnings
warnings.simplefilter("default")
from pydantic import BaseModel, ConfigDict
"""

PYDANTIC = {
    "annotation": "class Item(BaseModel):\n    name: str\n    price = 1.5",
    "schema": ("class Money:\n    pass\nclass Item(BaseModel):\n    price: Money"),
    "orm-mode": "class Item(BaseModel):\n    model_config = ConfigDict(orm_mode=True)\n    name: str",
    "dict": "class Item(BaseModel):\n    name: str\nItem(name='pen').dict()",
}

SQLALCHEMY_PRELUDE = """
import asyncio
from sqlalchemy import Column, ForeignKey, Integer, MetaData, String, Table, create_engine, text
from sqlalchemy.ext.asyncio import create_async_engine, AsyncSession
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship
class Base(DeclarativeBase):
    pass
class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(20), unique=True)
    orders = relationship("Order", back_populates="user")
class Order(Base):
    __tablename__ = "orders"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    user = relationship("User", back_populates="orders")
engine = create_engine("sqlite:///shop.db", pool_size=1, max_overflow=0, pool_timeout=0.2)
Base.metadata.drop_all(engine)
Base.metadata.create_all(engine)
"""

SQLALCHEMY = {
    "detached": (
        "with Session(engine) as s:\n    s.add(User(name='ann'))\n    s.commit()\n"
        "    user = s.query(User).first()\n    s.expunge(user)\n"
        "s.close()\nuser.orders"
    ),
    "pool": "held = engine.connect()\nengine.connect()",
    "text": "from sqlalchemy import select\nselect(User).where('id = 1')",
    "executable": "with create_engine('sqlite://').connect() as c:\n    c.execute('SELECT 1')",
    "dialect": "create_engine('postgres://app:pw@db/shop')",
    "rollback": (
        "s = Session(create_engine('sqlite:///shop.db'))\n"
        "s.add_all([User(name='bob'), User(name='bob')])\n"
        "try:\n    s.flush()\nexcept Exception:\n    pass\ns.query(User).count()"
    ),
    "locate": (
        "class Base2(DeclarativeBase):\n    pass\n"
        "class Invoice(Base2):\n    __tablename__ = 'invoices'\n"
        "    id: Mapped[int] = mapped_column(primary_key=True)\n"
        "    lines = relationship('InvoiceLine')\n"
        "Invoice()"
    ),
    "table": (
        "md = MetaData()\nTable('users', md, Column('id', Integer))\n"
        "Table('users', md, Column('id', Integer), Column('email', String))"
    ),
    "primary-key": (
        "class Base3(DeclarativeBase):\n    pass\n"
        "class Log(Base3):\n    __tablename__ = 'logs'\n"
        "    line = Column(String)"
    ),
    "greenlet": (
        "async def main():\n"
        "    eng = create_async_engine('sqlite+aiosqlite:///shop.db')\n"
        "    async with AsyncSession(eng) as s:\n"
        "        user = await s.get(User, 1)\n"
        "        user.orders\n"
        "    await eng.dispose()\n"
        "asyncio.run(main())"
    ),
}

UVICORN_APP = """
from fastapi import FastAPI, Response
app = FastAPI()
@app.get("/boom")
def boom():
    raise ValueError("boom")
@app.get("/short")
def short():
    return Response(content=b"0123456789", headers={"content-length": "4"})
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(url: str) -> None:
    with contextlib.suppress(urllib.error.URLError, OSError, http.client.HTTPException):
        urllib.request.urlopen(url, timeout=10).read()


def _uvicorn(python: Path, root: Path) -> tuple[str, str]:
    """Serve an app that fails, send it a bad request, then start a second one on its port."""
    write(root / "main.py", UVICORN_APP)
    port = _free_port()
    log = root / "uvicorn.log"
    cmd = [str(python), "-m", "uvicorn", "main:app", "--port", str(port)]
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "PYTHONUNBUFFERED": "1"}
    with log.open("w") as out:
        server = subprocess.Popen(cmd, cwd=root, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            deadline = time.monotonic() + 60
            while "Uvicorn running" not in log.read_text() and server.poll() is None:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
            _get(f"http://127.0.0.1:{port}/boom")
            _get(f"http://127.0.0.1:{port}/short")
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                sock.sendall(b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03\r\n\r\n")
                sock.settimeout(5)
                with contextlib.suppress(OSError):
                    sock.recv(1024)
            deadline = time.monotonic() + 30
            while "Invalid HTTP" not in log.read_text() and time.monotonic() < deadline:
                time.sleep(0.2)
            again = run(cmd, root, timeout=60)
        finally:
            server.terminate()
            server.wait(timeout=30)
    return log.read_text(), again


def _flask_cli(python: Path, root: Path) -> str:
    flask = [str(python), "-m", "flask"]
    empty = root / "empty"
    empty.mkdir(parents=True, exist_ok=True)
    out = run([*flask, "run"], empty)
    write(root / "noapp/app.py", "import flask\nserver = None\n")
    out += run([*flask, "run"], root / "noapp")
    write(root / "broken/app.py", "from flask import Flask\nfrom shop.db import engine\n")
    out += run([*flask, "run"], root / "broken")
    write(root / "ok/app.py", "from flask import Flask\napp = Flask(__name__)\n")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out += run([*flask, "run", "--port", str(port)], root / "ok", timeout=60)
    return out


def produce(python: Path, work: Path) -> dict[str, str]:
    root = work / "web"
    root.mkdir(parents=True, exist_ok=True)
    out: dict[str, str] = {"flask-cli": _flask_cli(python, root)}
    out["flask"] = run_snippets(python, root, "flask_cases", FLASK_PRELUDE, FLASK)
    out["fastapi"] = run_snippets(python, root, "fastapi_cases", FASTAPI_PRELUDE, FASTAPI)
    out["uvicorn"], out["uvicorn-again"] = _uvicorn(python, root)
    out["uvicorn-import"] = run([str(python), "-m", "uvicorn", "nosuch:app"], root, timeout=60)
    out["uvicorn-reload"] = run(
        [str(python), "-c", "import uvicorn\nfrom main import app\nuvicorn.run(app, reload=True)"],
        root,
        timeout=60,
    )
    out["pydantic"] = run_snippets(python, root, "pydantic_cases", PYDANTIC_PRELUDE, PYDANTIC)
    out["sqlalchemy"] = run_snippets(python, root, "sa_cases", SQLALCHEMY_PRELUDE, SQLALCHEMY)
    return out
