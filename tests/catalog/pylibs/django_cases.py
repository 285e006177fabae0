"""Django 6 failing for real: a small project (mysite + shop) on SQLite, driven through
manage.py (runserver, migrate, makemigrations, collectstatic) and the test client."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time
from pathlib import Path

from . import Case, run, run_snippets, write

CASES: list[Case] = [
    ("django/settings-not-configured", "bare", "but settings are not configured"),
    ("django/apps-not-loaded", "bare", "AppRegistryNotReady: Apps"),
    ("django/unapplied-migrations", "runserver", "unapplied migration(s)"),
    ("django/inconsistent-migration-history", "inconsistent", "is applied before its dependency"),
    ("django/conflicting-migrations", "conflicts", "Conflicting migrations detected"),
    ("django/static-root-not-set", "collectstatic", "without having set the STATIC_ROOT"),
    ("django/csrf-verification-failed", "driver", "Forbidden (CSRF cookie not set.)"),
    ("django/disallowed-host", "driver", "Invalid HTTP_HOST header"),
    ("django/view-returned-none", "driver", "didn't return an HttpResponse object"),
    ("django/no-reverse-match", "driver", "Reverse for 'item-detail' not found"),
    ("django/no-reverse-match", "driver", "with no arguments not found"),
    ("django/model-not-in-installed-apps", "driver", "doesn't declare an explicit app_label"),
    ("django/template-does-not-exist", "driver", "TemplateDoesNotExist: shop/index.html"),
    ("django/synchronous-only-operation", "driver", "SynchronousOnlyOperation:"),
    ("django/dev-server-https", "runserver", "accessing the development server over HTTPS"),
    ("django/runserver-port-in-use", "runserver-again", "That port is already in use"),
    ("django/non-nullable-field-default", "makemigrations", "impossible to add a non-nullable"),
    ("django/allowed-hosts-debug-false", "no-debug", "You must set settings.ALLOWED_HOSTS"),
    ("django/csrf-origin-checking-failed", "driver", "Forbidden (Origin checking failed"),
    ("django/does-not-exist", "driver", "DoesNotExist: Item matching"),
    ("django/field-error-cannot-resolve-keyword", "driver", "Cannot resolve keyword"),
    ("django/invalid-block-tag", "driver", "Invalid block tag on line"),
    ("django/missing-staticfiles-manifest-entry", "driver", "ValueError: Missing staticfiles"),
    ("django/psycopg-not-installed", "driver", "ImproperlyConfigured: Error loading psycopg2"),
    ("django/mysqlclient-not-installed", "driver", "ImproperlyConfigured: Error loading MySQLdb"),
    ("django/secret-key-empty", "secret", "ImproperlyConfigured: The SECRET_KEY"),
    ("django/auth-user-model-not-installed", "secret", "AUTH_USER_MODEL refers to model"),
    ("django/multiple-objects-returned", "driver", "get() returned more than one"),
]

SETTINGS = """
import os
BASE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECRET_KEY = os.environ.get("REPRO_SECRET", "repro-only-not-a-secret")
DEBUG = os.environ.get("REPRO_DEBUG", "1") == "1"
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"] if DEBUG else []
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.staticfiles",
    "shop",
]
MIDDLEWARE = [
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
]
ROOT_URLCONF = "mysite.urls"
DATABASES = {
    "default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(BASE_DIR, "db.sqlite3")},
}
if os.environ.get("REPRO_EXTRA_DBS"):
    DATABASES["pg"] = {"ENGINE": "django.db.backends.postgresql", "NAME": "shop"}
    DATABASES["my"] = {"ENGINE": "django.db.backends.mysql", "NAME": "shop"}
TEMPLATES = [{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True}]
STATIC_URL = "static/"
USE_TZ = True
if os.environ.get("REPRO_USER_MODEL"):
    AUTH_USER_MODEL = os.environ["REPRO_USER_MODEL"]
"""

MIGRATION = """
from django.db import migrations, models
class Migration(migrations.Migration):
    initial = {initial}
    dependencies = {deps}
    operations = {ops}
"""
CREATE_ITEM = (
    "[migrations.CreateModel(name='Item', fields=[('id', models.BigAutoField("
    "auto_created=True, primary_key=True, serialize=False)), "
    "('name', models.CharField(max_length=20))])]"
)


def _project(root: Path) -> None:
    write(
        root / "manage.py",
        """
        import os, sys
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mysite.settings")
        from django.core.management import execute_from_command_line
        execute_from_command_line(sys.argv)
        """,
    )
    write(root / "mysite/__init__.py", "")
    write(root / "mysite/settings.py", SETTINGS)
    write(
        root / "mysite/urls.py",
        """
        from django.urls import path
        from shop import views
        urlpatterns = [
            path("post/", views.ok),
            path("none/", views.none),
            path("items/<int:pk>/", views.ok, name="item"),
        ]
        """,
    )
    write(root / "shop/__init__.py", "")
    write(
        root / "shop/views.py",
        """
        from django.http import HttpResponse
        def ok(request, pk=None):
            return HttpResponse("ok")
        def none(request):
            return None
        """,
    )
    write(
        root / "shop/models.py",
        """
        import os
        from django.db import models
        class Item(models.Model):
            name = models.CharField(max_length=20)
            if os.environ.get("REPRO_NEW_FIELD"):
                price = models.IntegerField()
        """,
    )
    write(root / "shop/static/css/app.css", "body { margin: 0; }\n")
    write(root / "shop/migrations/__init__.py", "")
    write(
        root / "shop/migrations/0001_initial.py",
        MIGRATION.format(initial=True, deps=[], ops=CREATE_ITEM),
    )


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _runserver(python: Path, root: Path) -> tuple[str, str]:
    """Start runserver before migrating, speak TLS to it, then start a second one on its port."""
    port = _free_port()
    log = root / "runserver.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [str(python), "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
            cwd=root,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={"PYTHONUNBUFFERED": "1", "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"},
        )
        try:
            deadline = time.monotonic() + 60
            while "Quit the server" not in log.read_text() and server.poll() is None:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
            # The first bytes of a TLS ClientHello, as a browser sends for https://.
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                sock.sendall(bytes.fromhex("16030100a5010000a10303") + b"\0" * 160)
                sock.settimeout(5)
                with contextlib.suppress(OSError):
                    sock.recv(1024)
            deadline = time.monotonic() + 30
            while "HTTPS" not in log.read_text() and time.monotonic() < deadline:
                time.sleep(0.2)
            again = run([str(python), "manage.py", "runserver", "--noreload", str(port)], root)
        finally:
            server.terminate()
            server.wait(timeout=30)
    return log.read_text(), again


DRIVER_PRELUDE = """
import asyncio, os
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mysite.settings")
import django
django.setup()
from django.test import Client
from django.db import connections
from shop.models import Item
Item.objects.create(name="a")
Item.objects.create(name="a")
"""

DRIVER = {
    "csrf": "Client(enforce_csrf_checks=True).post('/post/', {'q': '1'})",
    "origin": (
        "Client(enforce_csrf_checks=True).post('/post/', {'q': '1'},"
        " headers={'Origin': 'https://shop.example.com'})"
    ),
    "host": "Client().get('/post/', headers={'Host': 'shop.example.com'})",
    "none": "Client().get('/none/')",
    "reverse": "from django.urls import reverse\nreverse('item-detail')",
    "reverse-args": "from django.urls import reverse\nreverse('item')",
    "label": (
        "from django.db import models\n"
        "type('Coupon', (models.Model,), {'__module__': 'billing.models'})"
    ),
    "template": "from django.template.loader import render_to_string\n"
    "render_to_string('shop/index.html')",
    "async": "async def view():\n    return Item.objects.count()\nasyncio.run(view())",
    "missing": "Item.objects.get(pk=999)",
    "multiple": "Item.objects.get(name='a')",
    "keyword": "Item.objects.filter(nme='a').count()",
    "tag": "from django.template import Template\nTemplate(\"{% static 'css/app.css' %}\")",
    "manifest": (
        "from django.contrib.staticfiles.storage import ManifestStaticFilesStorage\n"
        "from django.test import override_settings\n"
        "with override_settings(DEBUG=False):\n"
        "    ManifestStaticFilesStorage(location='static-out').url('css/app.css')"
    ),
    "psycopg": "connections['pg'].cursor()",
    "mysql": "connections['my'].cursor()",
}


def produce(python: Path, work: Path) -> dict[str, str]:
    root = work / "django"
    _project(root)
    out: dict[str, str] = {}
    manage = [str(python), "manage.py"]
    out["bare"] = run_snippets(
        python,
        root,
        "bare",
        "from django.conf import settings\n",
        {
            "settings": "settings.INSTALLED_APPS",
            "registry": (
                "settings.configure(INSTALLED_APPS=['django.contrib.auth',"
                " 'django.contrib.contenttypes'])\n"
                "from django.contrib.auth.models import User"
            ),
        },
    )
    out["runserver"], out["runserver-again"] = _runserver(python, root)
    run([*manage, "migrate"], root)
    for name in ("0002_price", "0002_stock"):
        write(
            root / f"shop/migrations/{name}.py",
            MIGRATION.format(initial=False, deps=[("shop", "0001_initial")], ops=[]),
        )
    out["conflicts"] = run([*manage, "migrate"], root)
    for name in ("0002_price", "0002_stock"):
        (root / f"shop/migrations/{name}.py").unlink()
    new_field = {"REPRO_NEW_FIELD": "1"}
    out["makemigrations"] = run([*manage, "makemigrations", "shop"], root, new_field, stdin="2\n")
    out["makemigrations"] += run([*manage, "makemigrations", "shop", "--noinput"], root, new_field)
    out["collectstatic"] = run([*manage, "collectstatic", "--noinput"], root)
    out["no-debug"] = run([*manage, "runserver", "--noreload", "0"], root, env={"REPRO_DEBUG": "0"})
    out["driver"] = run_snippets(
        python, root, "driver", DRIVER_PRELUDE, DRIVER, env={"REPRO_EXTRA_DBS": "1"}
    )
    shell = [*manage, "shell", "-c", "from django.conf import settings; settings.SECRET_KEY"]
    out["secret"] = run(shell, root, env={"REPRO_SECRET": ""}) + run(
        [*manage, "check"], root, env={"REPRO_USER_MODEL": "accounts.User"}
    )
    # Last: forget that contenttypes was migrated, as a database restored from elsewhere does.
    sql = "DELETE FROM django_migrations WHERE app = 'contenttypes'"
    script = f"import sqlite3; c = sqlite3.connect('db.sqlite3'); c.execute({sql!r}); c.commit()"
    run([str(python), "-c", script], root)
    out["inconsistent"] = run([*manage, "migrate"], root)
    return out
