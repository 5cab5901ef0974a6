/// Demo entries for the local board: realistic Russian names, texts of every length, some links; always the same.
public enum LocalBoardDemoEntries {
    /// Enough for two pages at the seed's default page size of 50, so paging shows.
    public static let defaultCount = 64

    /// The user id of demo entry `index` (0-based): `demo-01`, `demo-02`, …
    public static func userID(_ index: Int) -> String {
        index < 99 ? "demo-" + (index < 9 ? "0" : "") + String(index + 1) : "demo-\(index + 1)"
    }

    private static let maleNames = [
        "Александр", "Дмитрий", "Максим", "Сергей", "Андрей", "Алексей", "Артём", "Илья", "Кирилл", "Михаил", "Никита",
        "Матвей", "Роман", "Егор", "Арсений", "Иван",
    ]
    private static let femaleNames = [
        "Анна", "Мария", "Елена", "Ольга", "Наталья", "Екатерина", "Татьяна", "Ирина", "Светлана", "Юлия", "Анастасия",
        "Дарья", "Полина", "Ксения", "Виктория", "Алиса",
    ]
    /// Masculine forms; the feminine adds "а".
    private static let surnames = [
        "Иванов", "Смирнов", "Кузнецов", "Попов", "Васильев", "Петров", "Соколов", "Михайлов", "Новиков", "Фёдоров",
        "Морозов", "Волков", "Алексеев", "Лебедев", "Семёнов", "Егоров", "Павлов", "Козлов", "Степанов", "Николаев",
        "Орлов", "Андреев", "Макаров", "Никитин", "Захаров", "Зайцев", "Соловьёв", "Борисов", "Яковлев", "Григорьев",
        "Романов", "Воробьёв",
    ]
    private static let texts: [String?] = [
        "Спасибо за приложение! Занимаюсь каждый день.",
        nil,
        "Решил поддержать проект: благодаря вам сын наконец полюбил математику. Задачи интересные, объяснения "
            + "понятные, а прогресс видно каждую неделю. Так держать и обязательно добавляйте новые темы!",
        "Лучший тренажёр для подготовки к ОГЭ.",
        "Пусть приложение развивается!",
        nil,
        "Пользуюсь уже второй год. Очень нравится, что задачи подбираются по уровню, а не просто по порядку. "
            + "Отдельное спасибо за тёмную тему и за то, что всё работает без интернета в метро.",
        "С днём рождения, проект! 🎉",
        "Учитель посоветовал — не пожалела.",
        "Хочу, чтобы появились задачи по геометрии с чертежами.",
    ]
    private static let packages = ["donate.small", "donate.medium", "donate.large"]

    /// The first `count` demo entries, oldest first (so `demo-01` ends up last on the board).
    static func entries(count: Int, createdAt: String) -> [BoardDatabase.Entry] {
        (0..<max(0, count)).map { index in
            let female = index % 2 == 1
            let names = female ? femaleNames : maleNames
            let name = names[(index / 2) % names.count]
            let stem = surnames[(index * 7 + index / 32) % surnames.count]
            return BoardDatabase.Entry(
                id: 0, userID: userID(index), name: name, surname: female ? stem + "а" : stem,
                text: texts[index % texts.count],
                url: index % 3 == 0 ? "https://vk.com/id\(100_000 + index * 37)" : nil,
                buyPackage: packages[index % packages.count], photoID: nil, photoFile: nil, createdAt: createdAt)
        }
    }
}
