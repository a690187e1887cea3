"""Roles belong to a club (issue 31): the global `Organisers` group becomes club memberships.

A member of the group (or a holder of the `tournaments.add_tournament` permission, which the
old check accepted too) could create tournaments in any club, and organising one tournament
of a club gave powers over the club's invitations, presets and members. Now such a person
becomes an organiser (`ClubMember.role = "organiser"`) of a club whose tournaments they
organise today when they are already a member of that club (any role: the invitation made
them one), or when the club has no organiser member at all (a club run from the group alone,
as a one-club site was): nobody loses what they run. A tournament made in another club's
house through the old leak does not make its maker that club's organiser: they keep
organising that tournament (its own role), not the club. Those left out are named in the
migration's output for the site's staff to review. The group is deleted: nothing reads it.
Going back re-creates the group with the club organisers in it.
"""

from django.db import migrations
from django.db.models import Q

GROUP = "Organisers"


def creators(apps):
    """Who could create tournaments before: the group's members and the permission's holders."""
    User = apps.get_model("auth", "User")
    Permission = apps.get_model("auth", "Permission")
    add = Permission.objects.filter(
        content_type__app_label="tournaments", codename="add_tournament"
    ).first()
    found = Q(groups__name=GROUP)
    if add is not None:
        found |= Q(user_permissions=add) | Q(groups__permissions=add)
    return User.objects.filter(found).distinct()


def group_to_memberships(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Tournament = apps.get_model("tournaments", "Tournament")
    ClubMember = apps.get_model("tournaments", "ClubMember")
    left_out: list[str] = []
    for user in creators(apps):
        clubs = sorted(
            set(Tournament.objects.filter(organisers=user).values_list("club_id", flat=True))
        )
        for club_id in clubs:
            member = ClubMember.objects.filter(club_id=club_id, user=user).first()
            unmanaged = not ClubMember.objects.filter(club_id=club_id, role="organiser").exists()
            if member is not None:
                member.role = "organiser"
                member.save(update_fields=["role"])
            elif unmanaged:
                ClubMember.objects.create(club_id=club_id, user=user, role="organiser")
            else:
                left_out.append(f"{user.username} (club {club_id})")
    Group.objects.filter(name=GROUP).delete()
    if left_out:
        print(
            "\n  Roles belong to a club: not made organisers of a club they are no member of "
            "(they still organise their tournaments there; review): " + ", ".join(left_out)
        )


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
