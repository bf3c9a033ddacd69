import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The quiz, the three category buttons with the riddles held, a riddle with its hints (each
/// behind an "are you sure?"), giving up, and progress. The game decides; these render.
struct PlayPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("quiz") { _, context in
            let identity = try context.requirePlayer()
            return quizPage(context, answers: try await services.hunt.quizAnswers(playerID: identity.playerID))
        }
        router.post("quiz") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            var answers: [String: QuizAnswer] = [:]
            for question in services.content.quiz {
                if let answer = form[question.id].flatMap(QuizAnswer.init(rawValue:)) { answers[question.id] = answer }
            }
            do {
                _ = try await services.hunt.answerQuiz(answers, playerID: identity.playerID)
            } catch {
                return quizPage(context, answers: answers, problem: try Problem.forPage(error))
            }
            // The map is home: the quiz done, a player starts from where the places are.
            return Response.seeOther("/map")
        }
        router.get("play") { request, context in
            let identity = try context.requirePlayer()
            guard try await services.hunt.hasTakenQuiz(playerID: identity.playerID) else { return Response.seeOther("/quiz") }
            let left = request.uri.queryParameters.get("done") == "left-no-trace"
            return try await playPage(context, identity: identity, notice: left ? library.text("outcome.left") : nil)
        }
        router.post("play") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            guard let category = form["category"].flatMap(Category.init(rawValue:)) else {
                throw Problem(.unprocessableContent, code: .unknownCategory, detailVariant: "page", hintVariant: "page")
            }
            // "Any" (or none chosen) draws among every difficulty.
            let chosen = form["difficulty"].flatMap { $0.isEmpty || $0 == "any" ? nil : $0 }
            let difficulty = try chosen.map { name in
                guard let difficulty = Difficulty(rawValue: name) else {
                    throw Problem(.unprocessableContent, code: .unknownDifficulty, values: ["difficulty": name])
                }
                return difficulty
            }
            do {
                let (held, _) = try await services.hunt.askForRiddle(playerID: identity.playerID, category: category, difficulty: difficulty)
                return Response.seeOther("/riddles/\(held.attempt.id)")
            } catch GameRefusal.quizRequired {
                return Response.seeOther("/quiz")
            } catch {
                return try await playPage(context, identity: identity, difficulty: difficulty, problem: try Problem.forPage(error))
            }
        }
        router.get("riddles/:id") { _, context in
            let identity = try context.requirePlayer()
            let held = try await services.hunt.heldRiddle(playerID: identity.playerID, attemptID: attemptID(context))
            return page(context).response("riddle", title: library.text("riddle.title"), RiddleView(held, library: library))
        }
        router.get("riddles/:id/hint") { _, context in
            let identity = try context.requirePlayer()
            let held = try await services.hunt.heldRiddle(playerID: identity.playerID, attemptID: attemptID(context))
            guard let after = held.xpAfterNextHint else { throw GameRefusal.noHintsLeft }
            return page(context).response("hint", title: library.text("hint.title"), HintQuestion(
                id: held.attempt.id, question: library.text("hint.question", ["before": "\(held.xpIfSolved)", "after": "\(after)"])))
        }
        router.post("riddles/:id/hint") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            let held = try await services.hunt.takeHint(playerID: identity.playerID, attemptID: attemptID(context))
            return Response.seeOther("/riddles/\(held.attempt.id)")
        }
        router.post("riddles/:id/give-up") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            try await services.hunt.giveUp(playerID: identity.playerID, attemptID: attemptID(context))
            return Response.seeOther("/play")
        }
        router.get("progress") { request, context in
            let identity = try context.requirePlayer()
            let progress = try await services.hunt.progress(playerID: identity.playerID, ownerVerified: identity.isVerified, playVersion: identity.playVersion)
            var view = ProgressView(progress, library: library, timeZone: services.hunt.timeZone)
            // After taking a visit's reward (the rules' fixed amount): said once, atop the progress it made.
            if request.uri.queryParameters.get("done") == "checked-in" {
                view.notice = library.text("progress.checkedIn", ["xp": "\(services.content.rules.checkInXP)"])
            }
            return page(context).response("progress", title: library.text("progress.title"), view)
        }
    }

    private func page(_ context: AppRequestContext) -> PageRendering { PageRendering(library: library, context: context) }

    private func attemptID(_ context: AppRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id").flatMap(Int64.init) else { throw GameRefusal.riddleNotFound }
        return id
    }

    private func quizPage(_ context: AppRequestContext, answers: [String: QuizAnswer], problem: Problem? = nil) -> Response {
        let quiz = services.content.quiz
        let questions = quiz.enumerated().map { index, question in
            QuizView.Question(
                question: question.id, text: question.text,
                step: library.text("quiz.question", ["number": "\(index + 1)", "count": "\(quiz.count)"]),
                answers: QuizAnswer.allCases.map { answer in
                    .init(question: question.id, value: answer.rawValue, label: library.text("quiz.answer.\(answer.rawValue)"),
                          checked: answers[question.id] == answer)
                })
        }
        return page(context).response("quiz", title: library.text("quiz.title"), status: problem?.status ?? .ok,
                                      QuizView(questions: questions, problem: problem))
    }

    private func playPage(_ context: AppRequestContext, identity: Identity, difficulty: Difficulty? = nil, notice: String? = nil,
                          problem: Problem? = nil) async throws -> Response {
        let held = try await services.hunt.heldRiddles(playerID: identity.playerID)
        let released = try await services.hunt.releasedRiddles(playerID: identity.playerID)
        let heldCategories = Set(held.map(\.attempt.category))
        return page(context).response("play", title: library.text("play.title"), status: problem?.status ?? .ok, PlayView(
            held: held.map { .init(id: $0.attempt.id, category: library.text("play.category.\($0.attempt.category.rawValue)"),
                                   worth: library.text("play.worth", ["xp": "\($0.xpIfSolved)"])) },
            released: released.map { library.text("play.released", ["category": library.text("play.category.\($0.category.rawValue)")]) },
            categories: Category.allCases.map { category in
                let name = library.text("play.category.\(category.rawValue)")
                return .init(value: category.rawValue,
                             label: library.text(heldCategories.contains(category) ? "play.continue" : "play.new", ["category": name]))
            },
            difficulties: [PlayView.DifficultyChoice(value: "any", label: library.text("play.difficulty.any"), checked: difficulty == nil)]
                + Difficulty.allCases.map { level in
                    .init(value: level.rawValue, label: library.text("play.difficulty.\(level.rawValue)", [
                        "xp": "\(services.content.rules.reward(for: level, hintsUsed: 0))"]), checked: difficulty == level)
                },
            notice: notice, problem: problem))
    }

    struct QuizView {
        struct Question {
            struct Answer {
                var question: String
                var value: String
                var label: String
                var checked: Bool
            }
            var question: String
            var text: String
            var step: String
            var answers: [Answer]
        }
        var questions: [Question]
        var problem: Problem?
    }

    struct PlayView {
        struct Held {
            var id: Int64
            var category: String
            var worth: String
        }
        struct CategoryButton {
            var value: String
            var label: String
        }
        var held: [Held]
        /// Why a riddle the player held is gone (its place left the hunt), until they ask again there.
        var released: [String]
        var categories: [CategoryButton]
        /// How hard a new riddle should be: any, or one difficulty (its reward beside it).
        struct DifficultyChoice {
            var value: String
            var label: String
            var checked: Bool
        }
        var difficulties: [DifficultyChoice]
        var notice: String?
        var problem: Problem?
    }

    struct RiddleView {
        var id: Int64
        var category: String
        var difficulty: String
        var worth: String
        var text: String
        var hints: [String]
        var canAskHint: Bool

        init(_ written: HeldRiddle, library: PageLibrary) {
            var held = written
            held.riddle = library.reading(held.riddle)
            id = held.attempt.id
            category = library.text("play.category.\(held.attempt.category.rawValue)")
            difficulty = library.text("riddle.difficulty.\(held.riddle.difficulty.rawValue)")
            worth = library.text("play.worth", ["xp": "\(held.xpIfSolved)"])
            text = held.riddle.text
            hints = held.hintsShown
            canAskHint = held.xpAfterNextHint != nil
        }
    }

    struct HintQuestion {
        var id: Int64
        var question: String
    }

    struct ProgressView {
        struct Solved {
            var label: String
            var count: Int
        }
        struct BadgeLine {
            var name: String
            var description: String
        }
        struct Locked {
            var name: String
            var howToEarn: String
        }
        var level: String
        var xp: String
        var toNext: String
        var current: Int
        var needed: Int
        var solved: [Solved]
        var visited: String
        var freebies: String
        var earned: [BadgeLine]
        var locked: [Locked]
        /// Scans voided and XP adjusted by organisers, with their reasons.
        var moderation: [String]
        var notice: String?

        init(_ progress: PlayerProgress, library: PageLibrary, timeZone: TimeZone) {
            level = library.text("progress.level", ["level": "\(progress.level)"])
            xp = library.text("progress.xp", ["xp": "\(progress.xp)"])
            toNext = library.text("progress.toNext", ["current": "\(progress.levelProgress.current)", "needed": "\(progress.levelProgress.needed)"])
            current = progress.levelProgress.current
            needed = max(1, progress.levelProgress.needed)
            solved = Category.allCases.map { Solved(label: library.text("play.category.\($0.rawValue)"), count: progress.solvedByCategory[$0] ?? 0) }
            visited = library.text("progress.visited", ["count": "\(progress.placesVisited)"])
            freebies = library.text("progress.freebies", ["count": "\(progress.unclaimedVouchers)"])
            earned = progress.earnedBadges.map { BadgeLine(name: $0.badge.name, description: $0.badge.description) }
            locked = progress.lockedBadges.map { Locked(name: $0.badge.name, howToEarn: $0.howToEarn) }
            moderation = progress.moderation.map { notice in
                let day = CampusDates.day(notice.at, in: timeZone)
                switch notice.kind {
                case .voided(let place):
                    return library.text("progress.voided", ["place": place, "reason": notice.reason, "xp": "\(notice.xp)", "day": day])
                case .adjusted:
                    return library.text(notice.xp > 0 ? "progress.adjustedUp" : "progress.adjustedDown",
                                        ["reason": notice.reason, "xp": "\(abs(notice.xp))", "day": day])
                }
            }
        }
    }
}
