"""§6 Violations and penalties: card byte, the violation kinds, penalties, corrections."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from referee.rulebook.base import MOSCOW_RULES, VARIANTS, article

ARTICLES = [
    article(
        "violations.card_byte",
        ru=(
            "Байт на картах",
            """
Байт на картах — наказание за нарушение правил. Сдача останавливается на нарушении. Вдвоём
(пара на пару) не нарушившая сторона пишет все очки сдачи: 162 плюс все объявленные
комбинации и беллы обеих сторон, которые действительно есть на руках (в московских правилах:
«которые есть на руках у обоих игроков»; по записи по картам — проверенные по рукам, иначе — как объявлены), без учёта
старшинства. Нарушитель пишет 0 и «Б». Число 162 — из описания вариантов («за одну сдачу
можно набрать 162 очка»: 152 за карты и 10 за послед); московские правила говорят только «все
очки». Не нарушивший, у которого есть необъявленная белла, вправе объявить её сразу после
нарушения, и она идёт в эту сумму; нарушитель свою необъявленную беллу объявлять не обязан.

Втроём та же сумма делится пополам между двумя другими (правила об этом молчат: так их читает
этот сервис). Эти доли — итоги сдачи: они разыгрывают висячие банки как обычно. Байт на картах
считается байтом для штрафа за три байта, но не для договорённости «висячка при байте
втроём».""",
        ),
        uk=(
            "Байт на картах",
            """
Байт на картах — покарання за порушення правил. Здача зупиняється на порушенні. Удвох (пара
на пару) той, хто не порушував, записує всі очки здачі: 162 плюс усі оголошені комбінації й
белли обох сторін, які справді є на руках (у московських правилах: «які є у обох гравців на
руках»; за записом по картах — перевірені за руками, інакше — як оголошені), без
старшинства. Порушник пише 0 і «Б». Число 162 — з опису варіантів («за одну сдачу можно
набрать 162 очка»: 152 за карти і 10 за послід); московські правила кажуть лише «всі очки».
Той, хто не порушував і має неоголошену беллу, має право оголосити її одразу після порушення,
і вона йде в цю суму; порушник свою неоголошену беллу оголошувати не зобов’язаний.

Утрьох ця сума ділиться навпіл між двома іншими (правила про це мовчать: так їх читає цей
сервіс). Ці частки — підсумки здачі: вони розігрують висячі банки як звичайно. Байт на
картах рахується як байт для штрафу за три байти, але не для домовленості «висячка при байті
втрьох».""",
        ),
        en=(
            "Card byte",
            """
A card byte [байт на картах] is the penalty for breaking a rule. The deal stops at the
violation. With 2 players (2 pairs) the non-violating side records every point of the deal:
162 plus every declared combination and bella of both sides that its declarer really holds
(checked against the hands with a card-by-card record, otherwise as declared), without
seniority; the violator records 0 and "Б". The 162 is the guide to the variants' figure
(152 for the cards and 10 for the last trick); the Moscow rules say only "all the points". A
non-violator holding an undeclared bella may declare it right after the violation, and it
joins that sum; the violator need not declare an undeclared bella of his own.

With 3 players (this service's reading: the rule texts are silent) the same sum is halved
between the two others. These shares are the deal's totals and play any hanging pool. A card
byte counts as a byte for three_bytes_penalty, not for hanging_on_byte_3p.""",
        ),
        kw_ru="байт на картах, штраф, наказание, нарушение, нарушитель, 162 очка сопернику",
        kw_uk="байт на картах, штраф, покарання, порушення, порушник",
        kw_en="card byte, penalty, punishment, violation, offender, 162 to the opponent, bella after the violation",
        conventions=("renonce_penalty", "three_bytes_penalty"),
        source=(MOSCOW_RULES, VARIANTS),
        project_default=True,
    ),
    article(
        "violations.false_declaration",
        ru=(
            "Ложное объявление комбинации",
            """
Объявить комбинацию, которой нет на руках, — нарушение: байт на картах (в описании вариантов:
«ложное объявление комбинации»). По записи по картам объявления проверяются по рукам.""",
        ),
        uk=(
            "Хибне оголошення комбінації",
            """
Оголосити комбінацію, якої немає на руках, — порушення: байт на картах (в описі варіантів:
«ложное объявление комбинации» — хибне оголошення комбінації). У записі по картах оголошення
перевіряються за руками.""",
        ),
        en=(
            "False declaration",
            """
Declaring a combination one does not hold is a violation: card byte (the guide to the
variants). With a
card-by-card record the declarations are checked against the hands.""",
        ),
        kw_ru="ложное объявление, объявил терц которого нет, фальшивая комбинация, неправда",
        kw_uk="хибне оголошення, оголосив терц якого немає, фальшива комбінація",
        kw_en="false declaration, declared a combination not held, fake meld",
        source=VARIANTS,
    ),
    article(
        "violations.illegal_question",
        ru=(
            "Незаконный вопрос «вышка?»",
            """
Московские правила наказывают неправильный вопрос «вышка?» («рост?») двумя способами.

1) Спросил, не имея комбинации, способной поспорить: против терца — ни терца, ни полтинника,
или только некозырный терц от девятки, который младше любого другого терца; против
полтинника — только терцы или некозырный полтинник от десятки (с ними говорят «проходит»).
Так же наказан вопрос при замене семёрки, проходит ли терц от козырной девятки, когда его нет.
В момент, когда это
открылось, сдачу останавливают и аннулируют, а нарушителя наказывают байтом на картах.

2) Спросил, а потом объявил комбинацию, заведомо старше объявленной соперником (против терца —
полтинник или терц от козырного туза, против полтинника — козырный полтинник от туза; их
объявляют сразу): байта нет. Сдачу доигрывают и считают по её
очкам, но комбинации спросившего аннулируются, а комбинации соперника проходят, каким бы ни
было их старшинство; втроём их старшинство решают двое других, парами свои комбинации теряет
пара спросившего. Белла остаётся, а комбинациям соперника по-прежнему нужна взятка.""",
        ),
        uk=(
            "Незаконне питання «вишка?»",
            """
Московські правила карають неправильне питання «вишка?» («ріст?») двома способами.

1) Спитав, не маючи комбінації, здатної змагатися: проти терца — ні терца, ні полтинника,
або лише некозирний терц від дев’ятки, молодший за будь-який інший терц; проти п’ятдесяти —
лише терци чи некозирний полтинник від десятки (з ними кажуть «проходить»). Так само карають
питання при заміні сімки, чи проходить терц від козирної дев’ятки, коли його немає. Щойно це з’ясувалося,
здачу зупиняють і анулюють, а порушника карають байтом на картах.

2) Спитав, а потім оголосив комбінацію, завідомо старшу за оголошену суперником (проти
терца — полтинник чи терц від козирного туза, проти п’ятдесяти — козирний полтинник від туза;
їх оголошують одразу): байту немає. Здачу дограють і рахують за
її очками, але комбінації того, хто спитав, анулюються, а комбінації суперника проходять,
хоч би яке було їхнє старшинство; утрьох їхнє старшинство вирішують двоє інших, парами свої
комбінації втрачає пара того, хто спитав. Белла лишається, а комбінаціям суперника, як і
раніше, потрібна взятка.""",
        ),
        en=(
            'Illegal "how high?" question',
            """
The Moscow rules punish a wrong "how high?" [вишка] in two ways.

1) Asked while holding no combination able to compete: against a terz, no terz or fifty, or
only a non-trump terz from the nine, junior to every other terz; against a fifty, only terzes
or the non-trump fifty from the ten (with those one says "good"). So is asking, at the seven
swap, whether the terz from the trump nine passes without holding it. When this comes out, the deal is
stopped and annulled and the violator gets a card byte.

2) Asked, then declared a combination plainly senior to the opponent's (against a terz a
fifty or a terz from the trump ace, against a fifty the trump fifty from the ace; these are
declared at once): no byte. The deal is played and scored with
its figures, but the asker's combinations are annulled and the opponent's pass, whatever
their seniority; with three players the other two compare theirs, with pairs the asker's
pair loses its combinations. Bella stays, and the opponent's combinations still need a
trick.""",
        ),
        kw_ru="незаконный вопрос, спросил вышку без терца, вышка без комбинации, вопрос о вышке, комбинации аннулируются",
        kw_uk="незаконне питання, спитав вишку без терца, вишка без комбінації, комбінації анулюються",
        kw_en="illegal question, asked how high without a combination, annulled combinations",
        conventions=("combinations_need_trick",),
        source=MOSCOW_RULES,
    ),
    article(
        "violations.late_senior",
        ru=(
            "Старшая комбинация после младшей",
            """
Объявлять нужно сначала самую старшую комбинацию. Кто, убедившись, что объявленная прошла,
захочет объявить комбинацию старше неё, — её уже не считают (московские правила); так же
после вопроса при замене семёрки, проходит ли терц от козырной девятки, более старшие терцы и
полтинники спросившего «уже не учитывают».

Это не байт: сдачу доигрывают и считают как обычно, но эта комбинация не участвует ни в
старшинстве, ни в очках. В записи сдачи нарушение называет эту комбинацию; она должна быть
среди объявленных игроком и старше другой объявленной им комбинации.""",
        ),
        uk=(
            "Старша комбінація після молодшої",
            """
Оголошувати треба спершу найстаршу комбінацію. Хто, впевнившись, що оголошена пройшла,
захоче оголосити комбінацію, старшу за неї, — її вже не враховують (московські правила); так
само після питання при заміні сімки, чи проходить терц від козирної дев’ятки, старші терци й
полтинники того, хто спитав, «вже не враховують».

Це не байт: здачу дограють і рахують як звичайно, але ця комбінація не бере участі ні в
старшинстві, ні в очках. У записі здачі порушення називає цю комбінацію; вона має бути серед
оголошених гравцем і старша за іншу оголошену ним комбінацію.""",
        ),
        en=(
            "A senior combination after a junior one",
            """
The most senior combination must be declared first. A player who, having seen the declared
one pass, wants to declare one senior to it no longer has it counted (the Moscow rules);
likewise, after asking at the seven swap whether the terz from the trump nine passes, the
asker's more senior terzes and fifties no longer count.

No byte: the deal is played and scored as usual, but that combination takes no part in
seniority or in the points. The deal's record names it; it must be among the player's declared
combinations and senior to another one they declared.""",
        ),
        kw_ru="старшая после младшей, поздняя комбинация, объявил потом старшую, не учитывают",
        kw_uk="старша після молодшої, пізня комбінація, оголосив потім старшу",
        kw_en="late senior, senior after junior, declared later, not counted",
        source=MOSCOW_RULES,
    ),
    article(
        "violations.illegal_swap",
        ru=(
            "Незаконная замена семёрки",
            """
Заменить козырную семёрку на открытую карту можно только в игре по первому козырю и только до
первого хода (договорённость «замена семёрки»). Замена на другую карту (например, на фрезу)
или когда игра идёт не по первому козырю — нарушение, байт на картах.""",
        ),
        uk=(
            "Незаконна заміна сімки",
            """
Замінити козирну сімку на відкриту карту можна лише в грі по першому козирю і лише до
першого ходу (домовленість «заміна сімки»). Заміна на іншу карту (наприклад, на фрезу) або
коли гра йде не по першому козирю — порушення, байт на картах.""",
        ),
        en=(
            "Illegal seven swap",
            """
The trump seven may be exchanged for the turned card only in a game on the first trump and
before the first lead (convention seven_swap). Swapping on any other card, or when the game
is not on the first trump, is a violation: card byte.""",
        ),
        kw_ru="незаконная замена, поменял семёрку, замена на фрезу, семёрка не по первому козырю",
        kw_uk="незаконна заміна, поміняв сімку, заміна сімки",
        kw_en="illegal swap, swapped the seven, wrong exchange",
        conventions=("seven_swap",),
        source=VARIANTS,
    ),
    article(
        "violations.wrong_card_count",
        ru=(
            "Лишняя или недостающая карта",
            """
Лишняя карта на руках или недостача карты — нарушение, байт на картах.""",
        ),
        uk=(
            "Зайва чи бракує карти",
            """
Зайва карта на руках або нестача карти — порушення, байт на картах.""",
        ),
        en=(
            "Wrong number of cards",
            """
Holding an extra card or a card short is a violation: card byte.""",
        ),
        kw_ru="лишняя карта, недостача карты, не хватает карты, десять карт, восемь карт",
        kw_uk="зайва карта, бракує карти, нестача карти",
        kw_en="wrong card count, extra card, missing card, too many cards, too few cards",
        source=VARIANTS,
    ),
    article(
        "violations.bolt",
        ru=(
            "Лыжа (болт): ни одной взятки",
            """
Договорённость «лыжа»: игрок (пара), не взявший в сыгранной сдаче ни одной взятки, теряет
очки: 0 (Москва); 50 вдвоём или вчетвером каждый за себя и 100 втроём или парами (Харьков);
100 (Одесса).""",
        ),
        uk=(
            "Лижа (болт): жодної взятки",
            """
Домовленість «лижа»: гравець (пара) без жодної взятки в зіграній здачі втрачає очки: 0
(Москва); 50 удвох і 100 утрьох чи парами (Харків); 100 (Одеса).""",
        ),
        en=(
            "Bolt: no trick at all",
            """
Convention bolt_penalty [болт, лыжа]: a player (pair) who took no trick in a played deal
loses points: 0 (Moscow); 50 with 2 players or 4 individual and 100 with 3 players or pairs
(Kharkov); 100 (Odessa).""",
        ),
        kw_ru="лыжа, болт, ни одной взятки, без взяток, штраф минус 50, минус 100",
        kw_uk="лижа, болт, жодної взятки, без взяток, штраф",
        kw_en="bolt, ski, no tricks, zero tricks penalty",
        conventions=("bolt_penalty",),
        presets=("kharkov", "odessa"),
        source=VARIANTS,
    ),
    article(
        "violations.three_bytes",
        ru=(
            "Три байта — минус 100",
            """
Договорённость «штраф за три байта»: каждый третий байт игрока в партии стоит 100 очков
(Харьков; иногда Москва). Байты на картах тоже считаются.""",
        ),
        uk=(
            "Три байти — мінус 100",
            """
Домовленість «штраф за три байти»: кожен третій байт гравця в партії коштує 100 очок (Харків).
Байти на картах теж рахуються.""",
        ),
        en=(
            "Three bytes cost 100",
            """
Convention three_bytes_penalty: every third byte of a player in a match costs 100 (Kharkov;
sometimes Moscow). Card bytes count.""",
        ),
        kw_ru="три байта, третий байт, штраф за байты",
        kw_uk="три байти, третій байт, штраф за байти",
        kw_en="three bytes, third byte penalty",
        conventions=("three_bytes_penalty",),
        presets=("kharkov",),
        source=VARIANTS,
    ),
    article(
        "violations.pencil_rule",
        ru=(
            "Исправления записи (правило карандаша)",
            """
Исправление записи заменяет записанные очки; исходная запись остаётся в истории. Штрафы
правила карандаша за приписку (передача разницы сопернику) — отдельная договорённость,
обычно выключена.""",
        ),
        uk=(
            "Виправлення запису (правило олівця)",
            """
Виправлення запису замінює записані очки; початковий запис лишається в історії. Штрафи
правила олівця за дописані очки (передача різниці суперникові) — окрема домовленість,
зазвичай вимкнена.""",
        ),
        en=(
            "Score-sheet corrections (pencil rule)",
            """
A correction replaces the recorded figures; the original stays in the history. The pencil
rule's transfer penalties [правило карандаша] are an optional convention pencil_rule, off by
default.""",
        ),
        kw_ru="правило карандаша, исправление, ошибка в записи, приписка, поправка",
        kw_uk="правило олівця, виправлення, помилка в записі",
        kw_en="pencil rule, correction, scoring mistake, fix the score sheet",
        conventions=("pencil_rule",),
        source=VARIANTS,
    ),
    article(
        "violations.declarer_short",
        ru=(
            "Играющий записал меньше, чем набрал",
            """
По правилу карандаша (описание вариантов, московский деберц): если игрок, кроме играющего,
записал меньше, чем набрал, ошибку просто исправляют. Если меньше положенного записал
играющий, объявляется байт: его очки пишет соперник, а играющему — 0 и «Б». Приписка лишних
очков: заметивший соперник пишет себе разницу; ошибку ровно в 100 очков исправляют без
наказания.

Эти штрафы действуют только при договорённости «правило карандаша» (обычно выключена); без
неё исправление просто заменяет запись, а исходная остаётся в истории.""",
        ),
        uk=(
            "Граючий записав менше, ніж набрав",
            """
За правилом олівця (опис варіантів, московський деберц): якщо гравець, крім граючого, записав
менше, ніж набрав, помилку просто виправляють. Якщо менше належного записав граючий,
оголошується байт: його очки пише суперник, а граючому — 0 і «Б». Зайві дописані очки:
суперник, який помітив, пише собі різницю; помилку рівно в 100 очок виправляють без
покарання.

Ці штрафи діють лише за домовленості «правило олівця» (зазвичай вимкнена); без неї
виправлення просто замінює запис, а початковий лишається в історії.""",
        ),
        en=(
            "The declarer wrote too few points",
            """
Under the pencil rule (the guide to the variants, Moscow deberc): a player other than the
declarer who wrote fewer points than they made simply has it corrected. A declarer who wrote
fewer than due is in byte: the opponent records the declarer's points, the declarer 0 and
"Б". Too many points written: the opponent who noticed records the difference; a slip of
exactly 100 is corrected without penalty.

These penalties apply only with convention pencil_rule (usually off); without it a correction
simply replaces the record and the original stays in the history.""",
        ),
        kw_ru="записал меньше, недописал, играющий записал меньше, байт за запись, приписка, правило карандаша",
        kw_uk="записав менше, недописав, граючий записав менше, байт за запис, правило олівця",
        kw_en="wrote too few, declarer wrote less, byte for the score sheet, pencil rule",
        conventions=("pencil_rule",),
        source=VARIANTS,
    ),
]
