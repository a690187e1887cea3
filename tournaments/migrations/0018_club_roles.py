"""Roles belong to a club (issue 31): the global `Organisers` group becomes club memberships.

A member of the group could create tournaments in any club, and organising one tournament of
a club gave powers over the club's invitations, presets and members. Now each of the group's
members becomes an organiser (`ClubMember.role = "organiser"`) of every club whose tournaments
they organise today, so that nobody loses what they run; a member already of that club keeps
their membership, raised to organiser. The group's members who organise nothing are not made
organisers of any club (they ran nothing), and the group itself is deleted: nothing reads it
any more. Going back re-creates the group with the club organisers in it.
"""

from django.db import migrations

GROUP = "Organisers"


def group_to_memberships(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Tournament = apps.get_model("tournaments", "Tournament")
    ClubMember = apps.get_model("tournaments", "ClubMember")
    group = Group.objects.filter(name=GROUP).first()
    if group is None:
        return
    for user in group.user_set.all():
        clubs = set(
            Tournament.objects.filter(organisers=user).values_list("club_id", flat=True)
        )
        for club_id in sorted(clubs):
            ClubMember.objects.update_or_create(
                club_id=club_id, user=user, defaults={"role": "organiser"}
            )
    group.delete()


def memberships_to_group(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    ClubMember = apps.get_model("tournaments", "ClubMember")
    group, _ = Group.objects.get_or_create(name=GROUP)
    for member in ClubMember.objects.filter(role="organiser").select_related("user"):
        group.user_set.add(member.user)


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("tournaments", "0017_live_roster"),
    ]

    operations = [migrations.RunPython(group_to_memberships, memberships_to_group)]
