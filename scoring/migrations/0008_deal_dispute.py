# A player's dispute of a deal waiting for confirmation, which calls the referee (issue 35).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0007_kharkov_deal_pinned'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='DealDispute',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('deal_number', models.PositiveIntegerField(verbose_name='deal')),
                ('player_name', models.CharField(max_length=80, verbose_name='player')),
                ('reason', models.CharField(blank=True, max_length=100, verbose_name='reason')),
                ('status', models.CharField(choices=[('open', 'The referee is called'), ('confirmed', 'The deal was confirmed'), ('withdrawn', 'The deal was withdrawn')], default='open', max_length=10)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('settled_at', models.DateTimeField(blank=True, null=True)),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='disputes', to='scoring.match')),
                ('raised_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('settled_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'dispute',
                'verbose_name_plural': 'disputes',
                'ordering': ['created_at', 'id'],
                'constraints': [models.UniqueConstraint(condition=models.Q(('status', 'open')), fields=('match', 'deal_number'), name='dispute_one_open_per_deal')],
            },
        ),
    ]
