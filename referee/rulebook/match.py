"""§7 The match: target, winner, closing, false closing, mercy gap, match result."""
# ruff: noqa: E501 -- rule texts and alias lists read better unbroken

from .base import MOSCOW_RULES, SERVICE, VARIANTS, article

ARTICLES = [
    article(
        "match.target",
        ru=(
            "Партия: до скольких играют",
            """
Партию играют до договорённого числа очков: обычно 501 (если не договорились иначе), 301 или
1001 вчетвером. Формат партии: до набора очков (race) или число сдач (fixed) — играют
договорённое число сдач (пустые тоже считаются), затем побеждает больший итог, при равенстве —
взявший послед последней сдачи, затем первый по часовой стрелке от её сдатчика (короткий
деберц).

Байтующий пишет 0, поэтому «дойти» до нужных очков в сдаче с байтом нельзя.""",
        ),
        uk=(
            "Партія: до скількох грають",
            """
Партію грають до домовленої кількості очок: зазвичай 501, 301 або 1001 учотирьох. Формат
партії: до набору очок (race) або кількість здач (fixed) — грають домовлену кількість здач,
потім перемагає більший підсумок (короткий деберц). Гравець у байті пише 0, тож дійти до
потрібних очок на байті не можна.""",
        ),
        en=(
            "The match: how far you play",
            """
A match is played to the target: usually 501 (default), 301, or 1001 with four. Convention
format: race (to the target) or fixed (fixed_deals deals, void ones included, then the higher
total wins; equal totals go to the last trick of the final deal, then the earlier clockwise
from its dealer's left — short deberc [короткий деберц]).

A player in byte records 0, so reaching the target on a byte deal does not count.""",
        ),
        kw_ru="до скольких играют, 501, 301, 1001, партия, цель, короткий деберц, фиксированное число сдач",
        kw_uk="до скількох грають, 501, 301, 1001, партія, короткий деберц",
        kw_en="target, play to 501, 301, 1001, match length, short deberc, fixed deals",
        conventions=("target", "format", "fixed_deals"),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    article(
        "match.winner",
        ru=(
            "Кто выиграл партию",
            """
После каждой сдачи игрок, набравший нужные очки (501 или сколько договорились) или больше,
выигрывает. Если таких несколько — договорённость «оба набрали 501»: послед (last_trick) —
тот, кто взял послед этой сдачи (московские правила); больший счёт (higher) — больший итог,
при равенстве — послед. Если и это не решает (втроём) — больший итог, затем первый по часовой
стрелке от сдатчика.""",
        ),
        uk=(
            "Хто виграв партію",
            """
Після кожної здачі гравець, що набрав потрібні очки (501 чи скільки домовилися) або більше,
виграє. Якщо таких кілька — домовленість «обидва набрали 501»: послід (last_trick) — хто взяв
послід (московські правила); більший рахунок (higher) — більший підсумок, за рівності —
послід.""",
        ),
        en=(
            "Who wins the match",
            """
After each deal a player at or above the target wins. If several are, convention
both_over_target: last_trick (whoever took that deal's last trick; the Moscow rules) or
higher (the higher total; on equal totals, the last trick). If neither decides (3 players), the higher
total, then the earlier clockwise from the dealer's left.""",
        ),
        kw_ru="оба набрали 501, оба за 501, кто выиграл, победа в партии, послед решает",
        kw_uk="обидва набрали 501, хто виграв, перемога в партії",
        kw_en="both over target, who wins, match winner, both reached 501",
        conventions=("both_over_target",),
        source=MOSCOW_RULES,
    ),
    article(
        "match.closing",
        ru=(
            "Закрытие партии",
            """
Закрытие: на своём ходу, в любой момент, кроме последней взятки, игрок может заявить, что
набрал партию. Сдача останавливается; очки, взятые заявившим в этой сдаче (карты во взятках,
засчитанные комбинации, объявленная белла), прибавляются к его счёту; остальные за эту сдачу
ничего не пишут, висячие банки не разыгрываются. Набрал нужные очки (например, 501) или
больше — он выигрывает, даже если у другого больше. Меньше — ложное закрытие.

По записи по картам закрытие должно быть на ходу заявившего и до девятой взятки (иначе запись
отклоняется, код illegal_closing).""",
        ),
        uk=(
            "Закриття партії",
            """
Закриття: на своєму ході, будь-коли, крім останньої взятки, гравець може заявити, що набрав
партію. Здача зупиняється; очки, які він узяв у цій здачі (карти, комбінації, белла),
додаються до його рахунку; інші нічого не пишуть. Набрав потрібні очки (наприклад, 501) чи
більше — виграє, навіть якщо в іншого більше. Менше — хибне закриття.""",
        ),
        en=(
            "Closing the match",
            """
Closing [закрытие]: on their own turn, at any time but the last trick, a player may claim the
match. The deal stops; the claimant's points taken so far in this deal (cards in tricks,
credited combinations, declared bella) are added to their match total; nobody else records
anything and hanging pools stay unplayed. At or above the target (e.g. 501) the claimant
wins, even if another player has more. Below it is a false closing.

With a card-by-card record the claim must come on the claimant's turn and before the ninth
trick (illegal_closing otherwise).""",
        ),
        kw_ru="закрытие, закрыть партию, закрылся, закрытие 501, заявить 501, досрочно, набрал 501",
        kw_uk="закриття, закрити партію, закрився, закриття 501, заявити 501, достроково",
        kw_en="closing, close the match, claim, claim 501, declare out, going out",
        conventions=("target", "false_closing"),
        source=(MOSCOW_RULES, VARIANTS),
    ),
    article(
        "match.false_closing",
        ru=(
            "Ложное закрытие",
            """
Заявил закрытие, не набрав нужных очков, — ложное закрытие. Обычно (проигрыш партии, loses;
московские правила: «ложное объявление об окончании игры наказывается сразу же проигрышем
партии»): за сдачу ничего не пишется, заявивший проигрывает партию; втроём побеждает другой
игрок с большим счётом (при равенстве — первый по часовой стрелке от сдатчика).

Харьков, удвоенный счёт соперникам (double_to_opponents; «все очки за сыгранные сдачи вдвойне
достаются сопернику», так читает этот сервис): счёт заявившего обнуляется, удвоенный прежний
счёт получает соперник (втроём — пополам двум), игра продолжается. Там же партию нельзя
закрыть на взятке с козырным валетом.""",
        ),
        uk=(
            "Хибне закриття",
            """
Заявив закриття, не набравши потрібних очок, — хибне закриття. Зазвичай (програш партії,
loses; московські правила): за здачу нічого не пишеться, той, хто заявив, програє партію;
утрьох перемагає інший гравець із більшим рахунком.

Харків, подвоєний рахунок суперникам (double_to_opponents; «усі очки за зіграні здачі вдвічі
дістаються супернику», так читає цей сервіс): рахунок того, хто заявив, обнуляється,
подвоєний колишній рахунок отримує суперник (утрьох — навпіл), гра триває. Закрити партію на
взятці з козирним валетом не можна.""",
        ),
        en=(
            "False closing",
            """
Claiming without reaching the target is a false closing. Usually (false_closing: loses; the
Moscow rules) nothing is recorded for the deal and the claimant loses the match; with 3 players
the winner is the other player with the higher match total (equal: the first clockwise from
the dealer's left).

Kharkov, false_closing: double_to_opponents (this service's reading of "all points of the
played deals go doubled to the opponent"): the claimant's match total drops to 0, twice that former
total is credited to the opponent (halved between two with 3 players), and play goes on;
there a match may not be closed on the trick of the trump jack.""",
        ),
        kw_ru="ложное закрытие, неправильное закрытие, закрылся без 501, не хватило очков, проигрыш партии, вдвойне сопернику",
        kw_uk="хибне закриття, помилкове закриття, закрився без 501, не вистачило очок, вдвічі супернику",
        kw_en="false closing, wrong claim, claimed without 501, failed claim, double to opponents",
        conventions=("false_closing",),
        presets=("kharkov",),
        source=VARIANTS,
        project_default=True,
    ),
    article(
        "match.mercy",
        ru=(
            "Деберц с полтинниками: предложение 50 и разрыв 250",
            """
Договорённость «разрыв 250» (mercy_gap; деберц с полтинниками): когда разрыв между лидером и другим игроком
достигает 250 очков, лидер выигрывает. Предложение полтинника: до сдачи последних трёх карт
игрок может предложить сопернику записать 50 без игры; если тот согласен, соперник
предложившего пишет 50, и сдача заканчивается.""",
        ),
        uk=(
            "Деберц із полтинниками: пропозиція 50 і розрив 250",
            """
Домовленість «розрив 250» (mercy_gap): коли розрив між лідером та іншим гравцем досягає 250 очок, лідер
виграє. Пропозиція полтинника: до роздачі останніх трьох карт можна запропонувати суперникові
записати 50 без гри.""",
        ),
        en=(
            "Deberc with fifties: the fifty offer and the 250 gap",
            """
Convention mercy_gap (deberc with fifties): when the gap between the leader and another
player reaches 250, the leader wins. A fifty offer before the last 3 cards are dealt: if
accepted, the offeror's opponent records 50 and the deal ends.""",
        ),
        kw_ru="разрыв 250, предложить 50, полтинник без игры, деберц с полтинниками",
        kw_uk="розрив 250, запропонувати 50, деберц із полтинниками",
        kw_en="mercy rule, 250 gap, fifty offer, deberc with fifties",
        conventions=("mercy_gap",),
        source=VARIANTS,
    ),
    article(
        "match.result",
        ru=(
            "Очки за партию в турнире",
            """
Победитель партии получает турнирные очки. Договорённость «очки за партию»: 1 за победу
(win) — 1 за выигранную партию; разница (difference) — победитель пишет ещё очки, до которых
играют, минус счёт проигравшего; ничего, если оба их набрали (московские правила).""",
        ),
        uk=(
            "Очки за партію в турнірі",
            """
Переможець партії отримує турнірні очки. Домовленість «очки за партію»: 1 за перемогу
(win) — 1 за виграну партію; різниця (difference) — ще й різниця між очками, до яких грають,
і рахунком того, хто програв; нічого, якщо обидва їх набрали (московські правила).""",
        ),
        en=(
            "Match points in a tournament",
            """
The winner gets the match point(s). Convention match_score: win (1 per won match) or
difference (the winner also scores target − the loser's total; nothing when both are at or
above the target; the Moscow rules).""",
        ),
        kw_ru="очки за партию, разница, турнирные очки, сколько получает победитель",
        kw_uk="очки за партію, різниця, турнірні очки",
        kw_en="match points, difference, tournament score, win points",
        conventions=("match_score",),
        source=MOSCOW_RULES,
    ),
    article(
        "match.project_defaults",
        ru=(
            "Как этот сервис читает правила",
            """
Где правила (московские, харьковские, одесские, онлайн-стола) молчат или говорят неясно, так
читает их этот сервис — и каждое такое решение можно изменить договорённостью: ничья
комбинаций — у первой руки; нечётное очко при делении — раньше по часовой стрелке от
сдатчика; байт на картах втроём — сумма пополам двум другим; харьковское ложное закрытие —
удвоенный счёт соперникам; записанные очки проверяются по возможному раскладу колоды.""",
        ),
        uk=(
            "Як цей сервіс читає правила",
            """
Де правила (московські, харківські, одеські, онлайн-столу) мовчать або кажуть неясно, так
читає їх цей сервіс — і кожне таке рішення можна змінити домовленістю: нічия комбінацій — у
першої руки; непарне очко при поділі — раніше за годинниковою стрілкою від того, хто роздає;
байт на картах утрьох — навпіл двом іншим; харківське хибне закриття — подвоєний рахунок
суперникам; записані очки перевіряються за можливим розкладом колоди.""",
        ),
        en=(
            "How this service reads the rules",
            """
Where the rule texts (Moscow, Kharkov, Odessa, the online table's) are silent or unclear,
this is this service's reading, and each choice can be changed by a convention: combination ties
go to the eldest; the odd point of a halving to the earlier player clockwise; a 3-player
card byte is halved between the other two; the Kharkov false closing doubles the total to the
opponents; card points are checked against a split of the deck.""",
        ),
        kw_ru="по умолчанию, как читает сервис, решения сервиса, настройки",
        kw_uk="за замовчуванням, як читає сервіс, рішення сервісу",
        kw_en="project default, service reading, defaults, house rules",
        source=SERVICE,
        project_default=True,
    ),
]
