"""`manage.py load_rulebook`: copy the rulebook into the database (migrate does it too)."""

from django.core.management.base import BaseCommand, CommandParser

from referee.services import rulebook_sync


class Command(BaseCommand):
    help = "Synchronise the rulebook articles (referee/rulebook/) into the database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--database", default="default")

    def handle(self, *args: object, **options: object) -> None:
        count = rulebook_sync(using=str(options["database"]))
        self.stdout.write(self.style.SUCCESS(f"{count} rule articles loaded."))
