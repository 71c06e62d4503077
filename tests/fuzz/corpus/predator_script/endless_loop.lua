BeginStateMachine { OnEnter = function(npc) SetState("wait") end }
State "wait" { OnUpdate = function(npc) while true do end end }
State "chase" {}
State "attack" {}
State "die" {}
