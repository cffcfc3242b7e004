import XIB

/// Table views: static content outside a table view controller, prototype cells without reuse identifiers.
enum TableViewTriggers {
    static func run(_ c: inout CheckContext) {
        for table in c.elements where table.isNamed("tableView") {
            switch table.attribute("dataMode") {
            case "static":
                if c.enclosing.controller(of: table)?.isNamed("tableViewController") != true {
                    c.report(AppleRules.staticTableView, on: table, attribute: "dataMode")
                }
            case "prototypes":
                guard c.document.isStoryboard else { continue }
                for prototypes in table.children(named: "prototypes") {
                    for cell in prototypes.children(named: "tableViewCell") where (cell.attribute("reuseIdentifier") ?? "").isEmpty {
                        c.report(AppleRules.prototypeCellReuseIdentifier, on: cell)
                    }
                }
            default:
                continue
            }
        }
    }
}
