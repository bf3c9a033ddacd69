import Foundation
import HummingbirdTesting
import PuzzleMapCore
import Testing

@Suite struct QuizRoutesTests {
    @Test func quizListsEveryQuestionOnTheFourPointScale() async throws {
        let service = try await TestService()
        try await service.test { client in
            let reply = try await client.call(.get, "/v1/quiz")
            let questions = try #require(reply.json["questions"] as? [[String: Any]])
            #expect(questions.count == service.services.content.quiz.count)
            #expect(questions.first?["answers"] as? [String] == ["strongly_agree", "agree", "disagree", "strongly_disagree"])
        }
    }

    @Test func answeringTheQuizGivesATraitProfileAndCategoryBias() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let ids = service.services.content.quiz.map(\.id)
            let reply = try await client.call(.put, "/v1/me/quiz", json: ["answers": Dictionary(uniqueKeysWithValues: ids.map { ($0, "strongly_agree") })], token: token)
            #expect(reply.status == .ok)
            let bias = try #require(reply.json["categoryBias"] as? [String: Double])
            #expect(abs(bias.values.reduce(0, +) - 1) < 1e-9)
            #expect(Set(bias.keys) == ["lab", "lecture", "social"])
            #expect((reply.json["explanations"] as? [String: String])?.count == 3)
            // Retaking replaces it.
            let again = try await client.call(.put, "/v1/me/quiz", json: ["answers": Dictionary(uniqueKeysWithValues: ids.map { ($0, "strongly_disagree") })], token: token)
            #expect(again.json["traits"] as? [String: Double] != reply.json["traits"] as? [String: Double])
        }
    }

    @Test func incompleteOrUnknownAnswersAreRefused() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let ids = service.services.content.quiz.map(\.id)
            let missing = try await client.call(.put, "/v1/me/quiz", json: ["answers": [ids[0]: "agree"]], token: token)
            #expect(missing.code == "quiz_incomplete")
            var answers = Dictionary(uniqueKeysWithValues: ids.map { ($0, "agree") })
            answers["no-such-question"] = "agree"
            #expect(try await client.call(.put, "/v1/me/quiz", json: ["answers": answers], token: token).code == "unknown_quiz_question")
            let offScale = try await client.call(.put, "/v1/me/quiz", json: ["answers": [ids[0]: "neutral"]], token: token)
            #expect(offScale.code == "invalid_quiz_answers")
            #expect(offScale.status == .badRequest)
        }
    }
}

@Suite struct RiddleRoutesTests {
    @Test func riddleBeforeTheQuizIsRefused() async throws {
        try await TestService().test { client in
            let token = try await client.signedInPlayer()
            let reply = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            #expect(reply.status == .conflict)
            #expect(reply.code == "quiz_required")
        }
    }

    @Test func askingTwiceInACategoryReturnsTheHeldRiddleWithoutNamingThePlace() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            let first = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            #expect(first.status == .created)
            let riddle = try #require(first.json["riddle"] as? [String: Any])
            #expect(riddle["hintsTotal"] as? Int == 3)
            #expect(riddle["hintsUsed"] as? Int == 0)
            #expect(riddle["category"] as? String == "lab")
            let body = String(decoding: first.body, as: UTF8.self)
            for checkpoint in service.services.content.checkpoints {
                #expect(!body.contains("\"\(checkpoint.id)"), "the answer names \(checkpoint.id)")
            }
            let second = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            #expect(second.status == .ok)
            #expect((second.json["riddle"] as? [String: Any])?["id"] as? Int64 == riddle["id"] as? Int64)
            let active = try await client.call(.get, "/v1/riddles/active", token: token)
            #expect((active.json["riddles"] as? [Any])?.count == 1)
            #expect(try await client.call(.post, "/v1/riddles", json: ["category": "pub"], token: token).code == "unknown_category")
        }
    }

    @Test func aDifficultyAskedForIsTheOneGivenAndPaysWhatTheRulesSay() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            for difficulty in [Difficulty.hard, .easy, .medium] {
                let reply = try await client.call(.post, "/v1/riddles", json: ["category": "lab", "difficulty": difficulty.rawValue], token: token)
                #expect(reply.status == .created)
                let riddle = try #require(reply.json["riddle"] as? [String: Any])
                #expect(riddle["difficulty"] as? String == difficulty.rawValue)
                #expect(riddle["xpIfSolved"] as? Int == service.services.content.rules.reward(for: difficulty, hintsUsed: 0))
                // Held, it is the answer whatever is asked; given up, the next ask draws afresh.
                let again = try await client.call(.post, "/v1/riddles", json: ["category": "lab", "difficulty": "easy"], token: token)
                #expect((again.json["riddle"] as? [String: Any])?["id"] as? Int == riddle["id"] as? Int)
                #expect(try await client.call(.delete, "/v1/riddles/\(try #require(riddle["id"] as? Int))", token: token).status == .noContent)
            }
            let unknown = try await client.call(.post, "/v1/riddles", json: ["category": "lab", "difficulty": "fiendish"], token: token)
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.code == "unknown_difficulty")
        }
    }

    @Test func hintsNeedConfirmingComeInOrderLowerTheRewardAndRunOut() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            let riddle = try #require(try await client.call(.post, "/v1/riddles", json: ["category": "social"], token: token).json["riddle"] as? [String: Any])
            let id = try #require(riddle["id"] as? Int)
            let fullReward = try #require(riddle["xpIfSolved"] as? Int)
            let unconfirmed = try await client.call(.post, "/v1/riddles/\(id)/hints", json: [:], token: token)
            #expect(unconfirmed.status == .badRequest)
            #expect(unconfirmed.code == "confirmation_required")
            var rewards = [fullReward]
            for number in 1...3 {
                let reply = try await client.call(.post, "/v1/riddles/\(id)/hints", json: ["confirm": true], token: token)
                #expect((reply.json["hint"] as? [String: Any])?["number"] as? Int == number)
                #expect(reply.json["hintsUsed"] as? Int == number)
                rewards.append(try #require(reply.json["xpIfSolved"] as? Int))
            }
            let difficulty = try #require((riddle["difficulty"] as? String).flatMap(Difficulty.init(rawValue:)))
            #expect(rewards == (0...3).map { service.services.content.rules.reward(for: difficulty, hintsUsed: $0) })
            let fourth = try await client.call(.post, "/v1/riddles/\(id)/hints", json: ["confirm": true], token: token)
            #expect(fourth.status == .conflict)
            #expect(fourth.code == "no_hints_left")
            let active = try #require((try await client.call(.get, "/v1/riddles/active", token: token).json["riddles"] as? [[String: Any]])?.first)
            #expect((active["hints"] as? [Any])?.count == 3)
        }
    }

    @Test func givingUpFreesTheCategoryAndTheSameRiddleIsNotOfferedStraightAway() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            let first = try #require(try await client.call(.post, "/v1/riddles", json: ["category": "lecture"], token: token).json["riddle"] as? [String: Any])
            let id = try #require(first["id"] as? Int)
            #expect(try await client.call(.delete, "/v1/riddles/\(id)", token: token).status == .noContent)
            #expect(try await client.call(.delete, "/v1/riddles/\(id)", token: token).code == "riddle_not_found")
            let next = try #require(try await client.call(.post, "/v1/riddles", json: ["category": "lecture"], token: token).json["riddle"] as? [String: Any])
            #expect(next["id"] as? Int != id)
            #expect(next["text"] as? String != first["text"] as? String)
        }
    }

    @Test func aSolvedCategoryIsExhaustedWithAHintNamingTheOthers() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            let player = try #require(try await service.repository.account(login: "ada")).player
            for place in service.services.content.checkpoints where place.category == .lab {
                _ = try await service.repository.appendEvent(playerID: player.id, kind: .solved, checkpointID: place.id, riddleID: nil, xp: 100, at: service.clock.now)
            }
            let reply = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            #expect(reply.status == .conflict)
            #expect(reply.code == "category_exhausted")
            #expect((reply.json["hint"] as? String)?.contains("lecture") == true)
            #expect((reply.json["hint"] as? String)?.contains("social") == true)
        }
    }

    @Test func otherPlayersRiddlesAreNotFound() async throws {
        let service = try await TestService()
        try await service.test { client in
            let quiz = service.services.content.quiz.map(\.id)
            let ada = try await client.playerWithQuiz("ada", quiz: quiz)
            let bob = try await client.playerWithQuiz("bob", quiz: quiz)
            let id = try #require((try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: ada).json["riddle"] as? [String: Any])?["id"] as? Int)
            #expect(try await client.call(.post, "/v1/riddles/\(id)/hints", json: ["confirm": true], token: bob).code == "riddle_not_found")
            #expect(try await client.call(.delete, "/v1/riddles/\(id)", token: bob).code == "riddle_not_found")
        }
    }
}

@Suite struct ProgressRoutesTests {
    @Test func progressAndMapFollowTheLedger() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            let empty = try await client.call(.get, "/v1/me/progress", token: token)
            #expect(empty.json["xp"] as? Int == 0)
            #expect(empty.json["level"] as? Int == 1)
            #expect(((empty.json["badges"] as? [String: Any])?["earned"] as? [Any])?.isEmpty == true)

            let player = try #require(try await service.repository.account(login: "ada")).player
            let content = service.services.content
            let solvedPlace = try #require(content.checkpoints.first { $0.category == .lab })
            let exploredPlace = try #require(content.checkpoints.first { $0.category == .social })
            _ = try await service.repository.appendEvent(playerID: player.id, kind: .solved, checkpointID: solvedPlace.id, riddleID: nil, xp: 150, at: service.clock.now)
            _ = try await service.repository.appendEvent(playerID: player.id, kind: .explored, checkpointID: exploredPlace.id, riddleID: nil, xp: 25, at: service.clock.now)

            let progress = try await client.call(.get, "/v1/me/progress", token: token)
            #expect(progress.json["xp"] as? Int == 175)
            #expect(progress.json["level"] as? Int == content.rules.level(forXP: 175))
            #expect((progress.json["solved"] as? [String: Int])?["lab"] == 1)
            #expect(progress.json["visited"] as? Int == 2)
            let earned = try #require((progress.json["badges"] as? [String: Any])?["earned"] as? [[String: Any]])
            #expect(earned.contains { $0["id"] as? String == "first-steps" })
            let locked = try #require((progress.json["badges"] as? [String: Any])?["locked"] as? [[String: Any]])
            #expect(locked.allSatisfy { ($0["howToEarn"] as? String)?.isEmpty == false })

            let map = try #require(try await client.call(.get, "/v1/map", token: token).json["checkpoints"] as? [[String: Any]])
            #expect(map.count == content.checkpoints.count)
            #expect(map.first { $0["id"] as? String == solvedPlace.id }?["status"] as? String == "solved")
            #expect(map.first { $0["id"] as? String == exploredPlace.id }?["status"] as? String == "visited")
            #expect(map.filter { $0["status"] as? String == "unvisited" }.count == content.checkpoints.count - 2)
            #expect(map.allSatisfy { $0["openNow"] is Bool && $0["number"] is Int })
            #expect(map.allSatisfy { ($0["openingHours"] as? String)?.isEmpty == false || $0["status"] as? String == "unvisited" })
        }
    }
}
