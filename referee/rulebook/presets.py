"""§8 Presets. The values of each preset are read from the engine."""

from .base import MOSCOW_RULES, ONLINE_RULES, VARIANTS, article

ARTICLES = [
    article(
        "presets.moscow",
        ru=(
            "Московский деберц",
            """
Классические правила (московские правила и описание вариантов): играют вдвоём или втроём
до 501, сдаёт выигравший сдачу, первой ходит первая рука, перебивать обязательно только при
ходе с козыря, козырь в комбинации учитывается, ренонс — байт на картах. Остальные варианты —
производные от него.""",
        ),
        uk=(
            "Московський деберц",
            """
Класичні правила (московські правила й опис варіантів): удвох чи втрьох до 501, роздає той,
хто виграв здачу, першою ходить перша рука, перебивати обов’язково лише при ході з козиря,
ренонс — байт на картах.""",
        ),
        en=(
            "Moscow deberc",
            """
The classic rules (the Moscow rules and the guide to the variants): two or three players to
501, the deal's winner deals, the eldest leads, overtrumping only when trump is led, trump
counts in combination seniority, a renonce is a card byte. The other variants derive from it.""",
        ),
        kw_ru="московский, московские правила, классика, пресет",
        kw_uk="московський, московські правила, класика",
        kw_en="moscow, classic rules, preset, ruleset",
        presets=("moscow",),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    article(
        "presets.online",
        ru=(
            "Онлайн-стол",
            """
Правила онлайн-стола: как московские, но висячка при байте втроём делится
пополам, а если оба набрали 501 — выигрывает больший счёт.""",
        ),
        uk=(
            "Онлайн-стіл",
            """
Правила онлайн-столу: як московські, але висячка при байті втрьох ділиться
навпіл, а якщо обидва набрали 501 — виграє більший рахунок.""",
        ),
        en=(
            "Online table",
            """
The online table's rules: Moscow rules, but a pool played on a 3-player
byte is split, and when both reach 501 the higher total wins.""",
        ),
        kw_ru="онлайн, онлайн стол, интернет",
        kw_uk="онлайн, онлайн стіл",
        kw_en="online, online table, internet",
        presets=("online",),
        source=ONLINE_RULES,
    ),
    article(
        "presets.kharkov",
        ru=(
            "Харьковский деберц (дэбчик)",
            """
Харьков (по описанию вариантов): сдают по очереди, первым ходит играющий, деберц — шесть карт
подряд, сотня вчетвером, козырь в старшинстве комбинаций не учитывается, байт втроём —
пополам, лыжа 50 / 100, три байта — минус 100, ложное закрытие — удвоенный счёт сопернику;
закрывать на козырном валете нельзя.""",
        ),
        uk=(
            "Харківський деберц",
            """
Харків (за описом варіантів): роздають по черзі, першим ходить граючий, деберц — шість карт
підряд, сотня вчотирьох, козир у старшинстві не враховується, байт утрьох — навпіл, лижа 50 /
100, три байти — мінус 100, хибне закриття — подвоєний рахунок супернику.""",
        ),
        en=(
            "Kharkov deberc",
            """
Kharkov (the guide to the variants): the deal passes clockwise, the declarer leads, debertz is
six in a row, a hundred with four, trump ignored in combination seniority, a 3-player byte is
split, bolt 50 / 100, three bytes cost 100, a false closing doubles the total to the
opponents; no closing on the trump jack.""",
        ),
        kw_ru="харьковский, харьков, дэбчик, белоид",
        kw_uk="харківський, харків",
        kw_en="kharkov, kharkiv",
        presets=("kharkov",),
        source=VARIANTS,
    ),
    article(
        "presets.odessa",
        ru=(
            "Одесский деберц (клабор)",
            """
Одесса (по описанию вариантов): с обязом, сдают по очереди, первым ходит играющий, козырь
соперника перебивается всегда, равные терцы — взявшему послед, белла — взявшему взятку,
клабор, ренонс — пересдача и минус 100, лыжа — минус 100.""",
        ),
        uk=(
            "Одеський деберц (клабор)",
            """
Одеса (за описом варіантів): з обязом, роздають по черзі, першим ходить граючий, козир суперника
перебивається завжди, рівні терци — тому, хто взяв послід, клабор, ренонс — перездача і
мінус 100, лижа — мінус 100.""",
        ),
        en=(
            "Odessa deberc (klabor)",
            """
Odessa (the guide to the variants): obligatory order, the deal passes clockwise, the declarer
leads, the opponent's trump is always beaten, equal terzes go to the last trick, bella to the
trick winner, klabor, a renonce is a redeal and −100, a bolt −100.""",
        ),
        kw_ru="одесский, одесса, клабор",
        kw_uk="одеський, одеса, клабор",
        kw_en="odessa, klabor",
        presets=("odessa",),
        source=VARIANTS,
    ),
]
