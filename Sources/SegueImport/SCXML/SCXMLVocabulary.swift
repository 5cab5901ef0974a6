/// The SCXML 1.0 elements and the attributes each takes, so that an unknown element or attribute is reported
/// instead of ignored.
enum SCXMLVocabulary {
    static let attributes: [String: Set<String>] = [
        "scxml": ["initial", "name", "version", "datamodel", "binding", "exmode"],
        "state": ["id", "initial"],
        "parallel": ["id"],
        "final": ["id"],
        "history": ["id", "type"],
        "transition": ["event", "cond", "target", "type"],
        "initial": [],
        "onentry": [],
        "onexit": [],
        "datamodel": [],
        "data": ["id", "src", "expr"],
        "raise": ["event"],
        "send": [
            "event", "eventexpr", "target", "targetexpr", "type", "typeexpr", "id", "idlocation", "delay", "delayexpr",
            "namelist",
        ],
        "param": ["name", "expr", "location"],
        "content": ["expr"],
        "cancel": ["sendid", "sendidexpr"],
        "assign": ["location", "expr"],
        "if": ["cond"],
        "elseif": ["cond"],
        "else": [],
        "log": ["label", "expr"],
        "script": ["src"],
        "foreach": ["array", "item", "index"],
        "invoke": ["type", "typeexpr", "src", "srcexpr", "id", "idlocation", "namelist", "autoforward"],
        "finalize": [],
        "donedata": [],
    ]

    /// Executable content: what may stand in `onentry`, `onexit`, a transition, `if` and `foreach`.
    static let executable: Set<String> = [
        "raise", "send", "cancel", "assign", "if", "elseif", "else", "log", "script", "foreach",
    ]
}
