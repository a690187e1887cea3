"""§3 Trick play: following suit, trumping, overtrumping, who takes the trick, renonce."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from referee.rulebook.base import MOSCOW_RULES, ONLINE_RULES, VARIANTS, article

ARTICLES = [
    article(
        "play.follow_suit",
        ru=(
            "Ходить в масть, бить козырем",
            """
На ход надо класть карту той же масти — класть в масть обязательно. Нет масти — надо
положить козырь: бить козырем обязательно. Нет ни масти, ни козыря — можно сбросить любую
карту.

Сбросить другую масть, имея масть хода, или не положить козырь, имея его и не имея масти, —
фальшренонс. Чем он наказывается, зависит от договорённости «наказание за ренонс»: по
московским правилам — байт на картах (см. «Фальшренонс»).""",
        ),
        uk=(
            "Класти в масть, бити козирем",
            """
На хід треба класти карту тієї ж масті — класти в масть обов’язково. Немає масті — треба
покласти козир: бити козирем обов’язково. Немає ні масті, ні козиря — можна скинути будь-яку
карту.

Скинути іншу масть, маючи масть ходу, або не покласти козир, маючи його й не маючи масті, —
фальшренонс. Чим він карається, залежить від домовленості «покарання за ренонс»: за
московськими правилами — байт на картах (див. «Фальшренонс»).""",
        ),
        en=(
            "Follow suit; trump when void",
            """
You must follow the suit led. Void in it, you must play a trump. Void in both, you may
discard any card.

Discarding while able to follow, or not trumping while void in the suit and holding a trump,
is a renonce. Its penalty depends on convention renonce_penalty: a card byte under the Moscow
rules (see "Renonce").""",
        ),
        kw_ru="в масть, класть в масть, нет масти, обязательно бить козырем, можно ли не бить, сбросить, снести карту, должен ли я бить",
        kw_uk="в масть, класти в масть, немає масті, бити козирем обов’язково, чи можна не бити, скинути карту",
        kw_en="follow suit, must follow, void, must trump, ruff, discard, do I have to trump",
        conventions=("overtrump", "renonce_penalty"),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "play.overtrump",
        ru=(
            "Перебивать козырь",
            """
Если ход сделан с козыря, его надо перебить — положить козырь старше, если он есть. Нет
старшего — любой козырь; нет козырей — любую карту. Не бить козырь, когда можешь его
перебить, нельзя: это фальшренонс, байт на картах.

По договорённости «перебивать всегда» (always; Одесса: «козырь соперника перебивается
всегда») перебивать надо всякий раз, когда на взятке уже лежит козырь и игрок обязан или решил бить козырем, а не
только при ходе с козыря.""",
        ),
        uk=(
            "Перебивати козир",
            """
Якщо хід зроблено з козиря, його треба перебити — покласти старший козир, якщо він є. Немає
старшого — будь-який козир; немає козирів — будь-яку карту. Не перебити козир, маючи
старший, не можна: це фальшренонс, байт на картах.

За домовленістю «перебивати завжди» (always; Одеса: «козир суперника перебивається завжди»)
перебивати треба щоразу, коли на взятці вже лежить козир і гравець мусить або вирішив бити
козирем, а не лише при ході з козиря.""",
        ),
        en=(
            "Overtrumping",
            """
When a trump is led, you must play a higher trump if you have one; otherwise any trump;
with no trump, any card. Refusing to beat the trump when able is a renonce (card byte).

With the convention overtrump = always (Odessa: "the opponent's trump is always beaten")
you must beat a trump already on the trick whenever you have to or choose to trump, not
only when trump was led.""",
        ),
        kw_ru="перебить козырь, перебивать, можно ли не бить козырь, не перебил козырь, старший козырь, ход с козыря, козырь перебивается всегда",
        kw_uk="перебити козир, перебивати, чи можна не бити козир, не перебив козир, старший козир, хід з козиря",
        kw_en="overtrump, beat the trump, higher trump, trump led, must overtrump, can I not beat the trump, over-ruff",
        conventions=("overtrump",),
        source=(MOSCOW_RULES, VARIANTS, ONLINE_RULES),
    ),
    article(
        "play.trick",
        ru=(
            "Кто берёт взятку",
            """
Взятку берёт старший козырь на ней, а если козырей нет — старшая карта масти хода. Взявший
взятку ходит следующим. Всего разыгрывается 9 взяток (вчетвером — 8). Кто ходит первым в
первой взятке, решает договорённость «первый ход».""",
        ),
        uk=(
            "Хто бере взятку",
            """
Взятку бере старший козир, а якщо козирів немає — старша карта масті ходу. Хто взяв взятку,
ходить наступним. Розігрують 9 взяток (учотирьох — 8). Хто ходить першим, визначає
домовленість «перший хід».""",
        ),
        en=(
            "Who takes the trick",
            """
The trick goes to the highest trump on it, else to the highest card of the suit led. The
winner leads next. 9 tricks are played (8 with four players). Who leads to the first trick
is the convention first_lead.""",
        ),
        kw_ru="взятка, кто забирает взятку, кто ходит, следующий ход, девять взяток",
        kw_uk="взятка, хто забирає взятку, хто ходить, дев’ять взяток",
        kw_en="trick, who wins the trick, who leads, nine tricks",
        conventions=("first_lead",),
        source=(MOSCOW_RULES, ONLINE_RULES),
    ),
    article(
        "play.renonce",
        ru=(
            "Фальшренонс (ренонс)",
            """
Фальшренонс, или ренонс, — ход против правил розыгрыша: не положил в масть, имея её; не
побил козырем, имея козырь и не имея масти; не перебил козырь, когда был обязан. Наказание —
договорённость «наказание за ренонс»:

— байт на картах (card_byte; московские правила): сдача останавливается, не нарушивший пишет
все очки сдачи, нарушитель — 0 и «Б»;

— пересдача и −100 (redeal_minus_100; Одесса): нарушитель теряет 100 очков, остальные ничего
не пишут, висячие очки остаются; пересдаёт следующий по очереди сдатчик;

— соперник забирает взятку (take_trick; Харьков): сдача доигрывается; в конце соперник,
заметивший ренонс, забирает у нарушителя одну любую его взятку, кроме взятки с козырным
валетом, со всеми её очками (и 10 за послед, если это последняя взятка). Байта нет; если это
была единственная взятка нарушителя, он остаётся без взяток (лыжа).

При записи сдачи по картам первый неправильный ход сам становится нарушением (renonce); по
харьковским правилам запись должна назвать, кто заметил и какую взятку забрал.""",
        ),
        uk=(
            "Фальшренонс (ренонс)",
            """
Фальшренонс, або ренонс, — хід проти правил розіграшу: не поклав у масть, маючи її; не побив
козирем, маючи козир і не маючи масті; не перебив козир, коли мусив. Покарання —
домовленість «покарання за ренонс»:

— байт на картах (card_byte; московські правила): здача зупиняється, той, хто не порушував,
пише всі очки здачі, порушник — 0 і «Б»;

— перездача і −100 (redeal_minus_100; Одеса): порушник втрачає 100 очок, інші нічого не
пишуть, висячі очки лишаються; перероздає наступний за чергою;

— суперник забирає взятку (take_trick; Харків): здачу дограють; наприкінці суперник, який
помітив ренонс, забирає в порушника одну будь-яку його взятку, крім взятки з козирним
валетом, з усіма її очками (і 10 за послід, якщо це остання взятка). Байту немає; якщо це
була єдина взятка порушника, він лишається без взяток (лижа).

У записі здачі по картах перший неправильний хід сам стає порушенням (renonce); за
харківськими правилами запис має назвати, хто помітив і яку взятку забрав.""",
        ),
        en=(
            "Renonce",
            """
A renonce [фальшренонс, ренонс] is a card played against the play rules: not following suit
when able, not trumping when void and able, not overtrumping when bound to. The penalty is
convention renonce_penalty:

— card_byte (the Moscow rules): the deal stops, the non-violator records every point of the
deal, the violator 0 and "Б";

— redeal_minus_100 (Odessa): the violator loses 100, nobody else records anything, hanging
points stay; the next dealer in turn deals the redeal;

— take_trick (Kharkov): the deal is played out; at the end the opponent who noticed the
renonce takes one of the violator's tricks, any but the one holding the trump jack, with all
its points (and the 10 for the last trick if it was the last). No byte; if it was the
violator's only trick, they are left with none (bolt).

In a card-by-card record the first illegal card becomes the deal's violation by itself; under
Kharkov's rule the record names who noticed it and which trick they took.""",
        ),
        kw_ru="ренонс, фальшренонс, фальш, неправильный ход, ошибочный ход картой, не в масть, нарушение розыгрыша, забрать взятку",
        kw_uk="ренонс, фальшренонс, неправильний хід, помилковий хід, не в масть, забрати взятку",
        kw_en="renonce, revoke, reneging, illegal card, wrong card, misplay, take a trick",
        conventions=("renonce_penalty", "overtrump", "bolt_penalty"),
        presets=("kharkov", "odessa"),
        source=(MOSCOW_RULES, VARIANTS),
    ),
]
